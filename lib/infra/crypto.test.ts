import { createCipheriv, randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import {
  constantTimeEqual,
  decryptSecret,
  encryptSecret,
  isUnboundSecret,
  maskSecret,
  openUnboundSecret,
  openSetting,
  randomToken,
  sealSetting,
  secretAad,
  subkey,
  tokenHash,
} from "./crypto";
import { setRuntime } from "./runtime";

beforeAll(() =>
  setRuntime({ databaseUrl: "postgresql://unused", databaseMode: "embedded", secretKey: randomBytes(32), ready: true }),
);

describe("crypto", () => {
  const aad = secretAad("ApiKeyAuthToken", "token", "tok_1");

  it("seals a secret setting (empty stays unset) and opens it, unreadable as empty", () => {
    expect(sealSetting("", aad)).toBeUndefined();
    expect(sealSetting(undefined, aad)).toBeUndefined();
    const sealed = sealSetting("whsec_token", aad)!;
    expect(sealed).not.toContain("whsec_token");
    expect(openSetting(sealed, aad)).toBe("whsec_token");
    expect(openSetting(undefined, aad)).toBe("");
    expect(openSetting("v2.garbage.x.y", aad)).toBe("");
  });

  it("round-trips secrets through AES-256-GCM with a fresh IV each time", () => {
    const a = encryptSecret("SG.secret", aad);
    expect(a).toMatch(/^v2\./);
    expect(a).not.toContain("SG.secret");
    expect(encryptSecret("SG.secret", aad)).not.toBe(a);
    expect(decryptSecret(a, aad)).toBe("SG.secret");
  });

  it("refuses a tampered ciphertext", () => {
    const [v, iv, tag, body] = encryptSecret("hello", aad).split(".");
    const flipped = Buffer.from(body, "base64url");
    flipped[0] ^= 1;
    expect(() => decryptSecret([v, iv, tag, flipped.toString("base64url")].join("."), aad)).toThrow();
  });

  it("binds a ciphertext to its row and column: moved elsewhere it does not open", () => {
    const sealed = encryptSecret("tok-secret", aad);
    expect(() => decryptSecret(sealed, secretAad("ApiKeyAuthToken", "token", "tok_2"))).toThrow();
    expect(() => decryptSecret(sealed, secretAad("Workspace", "authToken", "tok_1"))).toThrow();
    expect(openSetting(sealed, secretAad("ApiKey", "emailServiceConfig.apiKey", "key_1"))).toBe("");
    expect(isUnboundSecret(sealed)).toBe(false);
  });

  it("opens ciphertexts written before associated data (v1) only to re-seal them, never for reading", () => {
    // A v1 ciphertext as the previous version wrote it: AES-256-GCM under the same subkey, no AAD. Bound to
    // nothing, it would open in any row or column it were copied into.
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", subkey("encryption"), iv);
    const body = Buffer.concat([cipher.update("legacy", "utf8"), cipher.final()]);
    const v1 = ["v1", iv, cipher.getAuthTag(), body].map((p) => (typeof p === "string" ? p : p.toString("base64url")));
    const legacy = v1.join(".");
    expect(() => decryptSecret(legacy, aad)).toThrow();
    expect(openSetting(legacy, aad)).toBe("");
    expect(openUnboundSecret(legacy)).toBe("legacy");
    expect(isUnboundSecret(legacy)).toBe(true);
    expect(isUnboundSecret(undefined)).toBe(false);
  });

  it("refuses a ciphertext whose GCM tag was cut short (only full 16-byte tags)", () => {
    const [v, iv, tag, body] = encryptSecret("hello", aad).split(".");
    for (const bytes of [4, 8, 12, 15]) {
      const short = Buffer.from(tag, "base64url").subarray(0, bytes).toString("base64url");
      expect(() => decryptSecret([v, iv, short, body].join("."), aad)).toThrow();
    }
  });

  it("hashes tokens with a key: same token, same hash; the key changes it", () => {
    const t = randomToken();
    expect(t).toMatch(/^[0-9a-f]{64}$/);
    const h = tokenHash(t);
    expect(tokenHash(t)).toBe(h);
    setRuntime({
      databaseUrl: "postgresql://unused",
      databaseMode: "embedded",
      secretKey: randomBytes(32),
      ready: true,
    });
    expect(tokenHash(t)).not.toBe(h);
  });

  it("compares strings of any length without throwing", () => {
    expect(constantTimeEqual("abc", "abc")).toBe(true);
    expect(constantTimeEqual("abc", "abd")).toBe(false);
    expect(constantTimeEqual("abc", "abcd")).toBe(false);
    expect(maskSecret("SG.abcdef")).toBe("****cdef");
  });
});
