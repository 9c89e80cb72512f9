import { decryptSecret, encryptSecret, secretAad } from "@/lib/infra/crypto";
import type { AiProvider } from "@/lib/infra/outbound/ai-models";
import type { Reader, Tx } from "@/lib/infra/db";

// Customers' own AI provider keys, one per provider per API key: stored encrypted, shown only masked.

export const providerKeyAad = (apiKeyId: string, provider: AiProvider) =>
  secretAad("AiProviderKey", "key", `${apiKeyId}/${provider}`);

/** "sk-proj-abc…xyz" -> "sk-...xyz": enough to tell keys apart, never enough to use one. */
export function maskProviderKey(key: string): string {
  return key.length < 16 ? "****" : `${key.slice(0, 3)}...${key.slice(-3)}`;
}

export async function saveProviderKeys(
  tx: Tx,
  apiKeyId: string,
  keys: { provider: AiProvider; customerApiKey: string }[],
) {
  const shown: Partial<Record<AiProvider, { displayText: string }>> = {};
  for (const { provider, customerApiKey } of keys) {
    const row = {
      keyEnc: encryptSecret(customerApiKey, providerKeyAad(apiKeyId, provider)),
      displayText: maskProviderKey(customerApiKey),
    };
    await tx.aiProviderKey.upsert({
      where: { apiKeyId_provider: { apiKeyId, provider } },
      create: { apiKeyId, provider, ...row },
      update: row,
    });
    shown[provider] = { displayText: row.displayText };
  }
  return shown;
}

/** Provider -> {displayText}, or undefined when the key has none. */
export async function maskedProviderKeys(tx: Reader, apiKeyId: string) {
  const rows = await tx.aiProviderKey.findMany({
    where: { apiKeyId },
    orderBy: { provider: "asc" },
    select: { provider: true, displayText: true },
  });
  if (!rows.length) return undefined;
  return Object.fromEntries(rows.map((r) => [r.provider, { displayText: r.displayText }]));
}

export async function providerKey(tx: Reader, apiKeyId: string, provider: AiProvider): Promise<string | undefined> {
  const row = await tx.aiProviderKey.findUnique({
    where: { apiKeyId_provider: { apiKeyId, provider } },
    select: { keyEnc: true },
  });
  return row ? decryptSecret(row.keyEnc, providerKeyAad(apiKeyId, provider)) : undefined;
}
