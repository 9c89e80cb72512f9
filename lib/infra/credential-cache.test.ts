import { describe, expect, it } from "vitest";
import { credentialGeneration, forgetCredentials, recallCredential, rememberCredential } from "./credential-cache";

// L7: a verification that read the database before a credential changed must not put its (now stale) result in
// the cache after the change was announced: otherwise the revoked token would be accepted for WEFT_AUTH_CACHE_MS.

describe("the credential cache", () => {
  it("does not remember a verification that started before a change of that credential", () => {
    const key = "apiKey:key_race:hash-of-old-token";
    const started = credentialGeneration(key);
    // The reset commits while the verification is in flight: its notification drops the key's entries.
    forgetCredentials("apiKey:key_race");
    rememberCredential(key, { level: "apiKey" }, started);
    expect(recallCredential(key)).toBeUndefined();
    // A verification that starts after the change is remembered.
    rememberCredential(key, { level: "apiKey" }, credentialGeneration(key));
    expect(recallCredential(key)).toEqual({ level: "apiKey" });
  });

  it("after a reconnect of the notify bus (everything dropped), remembers nothing verified before it", () => {
    const key = "workspace:ws_race:hash";
    const started = credentialGeneration(key);
    forgetCredentials();
    rememberCredential(key, { level: "workspace" }, started);
    expect(recallCredential(key)).toBeUndefined();
  });

  it("changes of another credential do not matter", () => {
    const key = "apiKey:key_calm:hash";
    const started = credentialGeneration(key);
    forgetCredentials("apiKey:key_other");
    rememberCredential(key, { level: "apiKey" }, started);
    expect(recallCredential(key)).toEqual({ level: "apiKey" });
  });
});
