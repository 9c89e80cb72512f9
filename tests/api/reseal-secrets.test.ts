import { createCipheriv, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { resealUnboundSecrets } from "@/lib/domain/administration/reseal-secrets";
import { subkey } from "@/lib/infra/crypto";
import { db, transaction } from "@/lib/infra/db";
import { asKey, call, newWorkspace, useTestDatabase } from "../helpers/api";

// Finding 11: secrets are bound to their row and column (AES-GCM associated data). Ciphertexts from before
// (`v1.`, no associated data) open only for the start-up data migration, which re-seals them (L9, round 2:
// reads never open them, so a v1 ciphertext copied into another row or column opens nowhere).

useTestDatabase();

/** What the previous version stored: AES-256-GCM under the same subkey, without associated data. */
function legacySeal(plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", subkey("encryption"), iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return ["v1", iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
    .join(".");
}

describe("secrets bound to their row", () => {
  it("refuse a ciphertext copied from another row", async () => {
    const [a, b] = [await newWorkspace(), await newWorkspace()];
    const tokenOfA = await db().apiKeyAuthToken.findFirstOrThrow({ where: { apiKeyId: a.apiKey } });
    await db().apiKeyAuthToken.updateMany({ where: { apiKeyId: b.apiKey }, data: { tokenEnc: tokenOfA.tokenEnc } });
    const got = await call("/v2/workspace/authtokens/get", { apiKey: b.apiKey }, { headers: b.ws });
    expect(got.status).toBe(500);
    expect(JSON.stringify(got.body)).not.toContain(a.apiKeyToken);
  });

  it("do not open v1 ciphertexts for reading; the start-up migration re-seals every one of them as v2", async () => {
    const w = await newWorkspace();
    const api = asKey(w);
    expect(
      (
        await api("/v2/workspace/emailconfig/update", {
          emailServiceConfig: { type: "sendgrid", apiKey: "SG.abcdefgh" },
        })
      ).status,
    ).toBe(200);
    expect(
      (await api("/v2/workspace/webhookconfig/update", { webhookServiceConfig: { authToken: "hooktok" } })).status,
    ).toBe(200);

    // Put the data back as the previous version wrote it.
    await db().workspace.update({
      where: { id: w.workspace.id },
      data: { authTokenEnc: legacySeal(w.workspace.authToken) },
    });
    await db().apiKeyAuthToken.updateMany({
      where: { apiKeyId: w.apiKey },
      data: { tokenEnc: legacySeal(w.apiKeyToken) },
    });
    const key = await db().apiKey.findUniqueOrThrow({ where: { id: w.apiKey } });
    const config = key.serviceConfig as {
      emailServiceConfig: { apiKey: string };
      webhookServiceConfig: { authToken: string };
    };
    config.emailServiceConfig.apiKey = legacySeal("SG.abcdefgh");
    config.webhookServiceConfig.authToken = legacySeal("hooktok");
    await db().apiKey.update({ where: { id: w.apiKey }, data: { serviceConfig: config } });

    const read = async () => ({
      workspace: (await call("/v2/workspace/get", {}, { headers: w.ws })).body.result.data.authToken,
      tokens: (await call("/v2/workspace/authtokens/get", { apiKey: w.apiKey }, { headers: w.ws })).body.result.data
        .authTokens[0].token,
      email: (await api("/v2/workspace/emailconfig/get", {})).body.result.data.emailServiceConfig.apiKey,
      webhook: (await api("/v2/workspace/webhookconfig/get", {})).body.result.data.webhookServiceConfig.authToken,
    });
    const expected = { workspace: w.workspace.authToken, tokens: w.apiKeyToken, email: "****efgh", webhook: "hooktok" };
    // Until re-sealed, a v1 secret setting reads as unset.
    expect((await api("/v2/workspace/webhookconfig/get", {})).body.result.data.webhookServiceConfig.authToken).toBe("");

    expect(await transaction((tx) => resealUnboundSecrets(tx))).toBe(4);
    const ws = await db().workspace.findUniqueOrThrow({ where: { id: w.workspace.id } });
    const token = await db().apiKeyAuthToken.findFirstOrThrow({ where: { apiKeyId: w.apiKey } });
    const after = (await db().apiKey.findUniqueOrThrow({ where: { id: w.apiKey } })).serviceConfig as typeof config;
    for (const sealed of [
      ws.authTokenEnc,
      token.tokenEnc,
      after.emailServiceConfig.apiKey,
      after.webhookServiceConfig.authToken,
    ]) {
      expect(sealed).toMatch(/^v2\./);
    }
    expect(await read()).toEqual(expected);
    // Nothing left to do the second time.
    expect(await transaction((tx) => resealUnboundSecrets(tx))).toBe(0);
  });
});
