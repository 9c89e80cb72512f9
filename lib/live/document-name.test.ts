import { describe, expect, it } from "vitest";
import { documentName, isCanonicalDocumentName, parseDocumentName } from "./document-name";

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

  it("knows the one canonical spelling of a name", () => {
    const key = { apiKeyId: "key_1", organizationId: "org/1", documentId: "doc", editorId: "ed" };
    expect(isCanonicalDocumentName(documentName(key), key)).toBe(true);
    for (const other of ["key%5F1/org%2F1/doc/ed", "key_1/org%2f1/doc/ed", "key_1/org%2F1/%64oc/ed"])
      expect(isCanonicalDocumentName(other, parseDocumentName(other)!)).toBe(false);
    const raw = "key_1/org%2F1/doc\n{}/ed";
    expect(isCanonicalDocumentName(raw, parseDocumentName(raw)!)).toBe(false);
  });
});
