import { describe, expect, it } from "vitest";
import { documentName, parseDocumentName } from "./document-name";

describe("live document names", () => {
  it("round-trips ids with slashes, percent signs and unicode", () => {
    const key = { apiKeyId: "key/1", organizationId: "org%2F", documentId: "döc 1", editorId: "__proto__" };
    const name = documentName(key);
    expect(name.split("/")).toHaveLength(4);
    expect(parseDocumentName(name)).toEqual(key);
  });

  it("refuses names that are not four well-encoded, non-empty parts", () => {
    for (const bad of ["a/b/c", "a/b/c/d/e", "a//c/d", "a/b/c/%E0%A4%A", ""])
      expect(parseDocumentName(bad)).toBeUndefined();
  });
});
