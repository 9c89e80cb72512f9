import type { Prisma } from "@/lib/generated/prisma/client";
import { encryptSecret, isUnboundSecret, openUnboundSecret } from "@/lib/infra/crypto";
import type { Tx } from "@/lib/infra/db";
import { workspaceTokenAad } from "../workspaces/workspace-token";
import { authTokenAad } from "../api-keys/tokens";
import { signingKeyAad } from "../permissions/signing-key";
import { providerKeyAad } from "../ai/provider-keys";
import { endpointSecretAad } from "../webhooks/endpoint-secret";
import { emailKeyAad } from "../email/email-settings";
import { webhookTokenAad } from "../webhooks/webhook-settings";

// A data migration run at every server start (cheap once done): secrets encrypted before ciphertexts were bound
// to their row and column (`v1.`, no associated data) are re-sealed as `v2.` under their row's associated
// data (reads do not open `v1.` at all: bound to nothing, it would open in any row it were copied into). Each
// update names the old ciphertext, so instances starting together re-seal each value once. A value
// that does not open stays as it is.

const V1 = { startsWith: "v1." };

/** The value re-sealed under `aad`; a value that does not open is left as it is (reads treat it as unset). */
function reseal(sealed: string, aad: string): string {
  try {
    return encryptSecret(openUnboundSecret(sealed), aad);
  } catch {
    return sealed;
  }
}

/** Re-seals every unbound secret; returns how many values were re-sealed. */
export async function resealUnboundSecrets(tx: Tx): Promise<number> {
  let count = 0;
  for (const w of await tx.workspace.findMany({
    where: { authTokenEnc: V1 },
    select: { id: true, authTokenEnc: true },
  })) {
    const { count: n } = await tx.workspace.updateMany({
      where: { id: w.id, authTokenEnc: w.authTokenEnc },
      data: { authTokenEnc: reseal(w.authTokenEnc, workspaceTokenAad(w.id)) },
    });
    count += n;
  }
  for (const t of await tx.apiKeyAuthToken.findMany({
    where: { tokenEnc: V1 },
    select: { id: true, tokenEnc: true },
  })) {
    const { count: n } = await tx.apiKeyAuthToken.updateMany({
      where: { id: t.id, tokenEnc: t.tokenEnc },
      data: { tokenEnc: reseal(t.tokenEnc, authTokenAad(t.id)) },
    });
    count += n;
  }
  for (const k of await tx.apiKeySigningKey.findMany({ where: { secretEnc: V1 } })) {
    const { count: n } = await tx.apiKeySigningKey.updateMany({
      where: { apiKeyId: k.apiKeyId, secretEnc: k.secretEnc },
      data: { secretEnc: reseal(k.secretEnc, signingKeyAad(k.apiKeyId)) },
    });
    count += n;
  }
  for (const p of await tx.aiProviderKey.findMany({ where: { keyEnc: V1 } })) {
    const aad = providerKeyAad(p.apiKeyId, p.provider as Parameters<typeof providerKeyAad>[1]);
    const { count: n } = await tx.aiProviderKey.updateMany({
      where: { apiKeyId: p.apiKeyId, provider: p.provider, keyEnc: p.keyEnc },
      data: { keyEnc: reseal(p.keyEnc, aad) },
    });
    count += n;
  }
  const endpoints = await tx.webhookEndpoint.findMany({
    where: { OR: [{ secretEnc: V1 }, { previousSecretEnc: V1 }] },
    select: { id: true, secretEnc: true, previousSecretEnc: true },
  });
  for (const e of endpoints) {
    const aad = endpointSecretAad(e.id);
    const { count: n } = await tx.webhookEndpoint.updateMany({
      where: { id: e.id, secretEnc: e.secretEnc, previousSecretEnc: e.previousSecretEnc },
      data: {
        secretEnc: isUnboundSecret(e.secretEnc) ? reseal(e.secretEnc, aad) : e.secretEnc,
        previousSecretEnc: isUnboundSecret(e.previousSecretEnc)
          ? reseal(e.previousSecretEnc, aad)
          : e.previousSecretEnc,
      },
    });
    count += n;
  }
  return count + (await resealServiceConfigs(tx));
}

type ConfigJson = { emailServiceConfig?: { apiKey?: unknown }; webhookServiceConfig?: { authToken?: unknown } };

/** The two secrets inside ApiKey.serviceConfig: the email SendGrid key and the simple-webhook auth token. */
async function resealServiceConfigs(tx: Tx): Promise<number> {
  const keys = await tx.apiKey.findMany({
    where: {
      OR: [
        { serviceConfig: { path: ["emailServiceConfig", "apiKey"], string_starts_with: "v1." } },
        { serviceConfig: { path: ["webhookServiceConfig", "authToken"], string_starts_with: "v1." } },
      ],
    },
    select: { id: true, serviceConfig: true },
  });
  let count = 0;
  for (const key of keys) {
    const config = structuredClone(key.serviceConfig) as ConfigJson;
    const mail = config.emailServiceConfig;
    if (mail && typeof mail.apiKey === "string" && isUnboundSecret(mail.apiKey)) {
      mail.apiKey = reseal(mail.apiKey, emailKeyAad(key.id));
      count++;
    }
    const hook = config.webhookServiceConfig;
    if (hook && typeof hook.authToken === "string" && isUnboundSecret(hook.authToken)) {
      hook.authToken = reseal(hook.authToken, webhookTokenAad(key.id));
      count++;
    }
    await tx.apiKey.update({ where: { id: key.id }, data: { serviceConfig: config as Prisma.InputJsonValue } });
  }
  return count;
}
