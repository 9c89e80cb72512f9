import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import {
  constantTimeEqual,
  decryptSecret,
  encryptSecret,
  maskSecret,
  openSetting,
  randomToken,
  sealSetting,
  tokenHash,
} from "./crypto";
import { setRuntime } from "./runtime";

beforeAll(() =>
  setRuntime({ databaseUrl: "postgresql://unused", databaseMode: "embedded", secretKey: randomBytes(32), ready: true }),
);

describe("crypto", () => {
  it("seals a secret setting (empty stays unset) and opens it, unreadable as empty", () => {
    expect(sealSetting("")).toBeUndefined();
    expect(sealSetting(undefined)).toBeUndefined();
    const sealed = sealSetting("whsec_token")!;
    expect(sealed).not.toContain("whsec_token");
    expect(openSetting(sealed)).toBe("whsec_token");
    expect(openSetting(undefined)).toBe("");
    expect(openSetting("v1.garbage.x.y")).toBe("");
  });

  it("round-trips secrets through AES-256-GCM with a fresh IV each time", () => {
    const a = encryptSecret("SG.secret");
    expect(a).not.toContain("SG.secret");
    expect(encryptSecret("SG.secret")).not.toBe(a);
    expect(decryptSecret(a)).toBe("SG.secret");
  });

  it("refuses a tampered ciphertext", () => {
    const [v, iv, tag, body] = encryptSecret("hello").split(".");
    const flipped = Buffer.from(body, "base64url");
    flipped[0] ^= 1;
    expect(() => decryptSecret([v, iv, tag, flipped.toString("base64url")].join("."))).toThrow();
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
