import { describe, expect, it } from "vitest";
import { DomainError } from "./errors";
import { decodePageToken, decodePosition, decodeToken, encodePageToken, encodeToken } from "./paging";

describe("page tokens", () => {
  it("round-trip keyset positions and anything JSON", () => {
    const token = encodePageToken({ at: 1_700_000_000_123, id: "doc_1" });
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodePageToken(token)).toEqual({ at: 1_700_000_000_123, id: "doc_1" });
    expect(decodePosition(encodeToken([5, "x", "prev"]))).toEqual({ at: 5, id: "x", rest: ["prev"] });
    expect(decodeToken(encodeToken({ comments: "done" }))).toEqual({ comments: "done" });
  });

  it("refuse what is not a token of ours, naming the field", () => {
    for (const bad of [
      "",
      "not base64 json",
      encodeToken(["1", "x"]),
      encodeToken([1]),
      encodeToken({ at: 1, id: "x" }),
      encodeToken("ab"),
    ]) {
      expect(decodePosition(bad), bad).toBeUndefined();
      expect(() => decodePageToken(bad, "pageToken")).toThrow(DomainError);
    }
    expect(() => decodePageToken("%%%", "nextPageToken")).toThrow(/^nextPageToken is invalid/);
    expect(decodeToken("%%%")).toBeUndefined();
  });
});
