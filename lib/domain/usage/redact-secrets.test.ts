import { describe, expect, it } from "vitest";
import { REDACTED, redactBody, redactReplyBody } from "./redact-secrets";

// redactReplyBody skips parsing a reply that names no secret member; what it keeps must be what redactBody keeps.

const JWT = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c2VyLTEifQ.c2lnbmF0dXJl";
const TOKEN = "key-token-0123456789abcdef";

const replies = [
  { result: { status: "success", data: [{ userId: "u1", name: "Ann", email: "ann@example.com" }] } },
  { result: { data: { id: "w1", authToken: "plain-secret-of-the-workspace", apiKeyList: {} } } },
  { result: { data: { emailServiceConfig: { apiKey: "SG.provider-key", useEmailService: true } } } },
  { result: { data: [{ userId: "u2", name: `pasted ${JWT} and whsec_c2VjcmV0 in a name` }] } },
  { result: { data: [{ userId: "u3", name: `echoes the caller's own ${TOKEN}` }] } },
  { result: { data: [{ userId: "u4", name: 'quotes " and \\ and \n and é', metadata: { token: "x" } }] } },
  { error: { status: "INVALID_ARGUMENT", message: `bad ${TOKEN}` } },
];

describe("redactReplyBody", () => {
  it.each(replies.map((r) => [JSON.stringify(r)]))("keeps of %s what redactBody keeps", (text) => {
    for (const known of [[], [TOKEN], ['with "quote" and \\ inside']]) {
      expect(redactReplyBody(text, known)).toBe(redactBody(text, known));
    }
  });

  it("leaves no secret of a reply in the kept text", () => {
    const kept = replies.map((r) => redactReplyBody(JSON.stringify(r), [TOKEN])).join("\n");
    for (const secret of ["plain-secret-of-the-workspace", "SG.provider-key", JWT, "whsec_c2VjcmV0", TOKEN]) {
      expect(kept).not.toContain(secret);
    }
    expect(kept).toContain(REDACTED);
    expect(kept).toContain("ann@example.com");
  });
});
