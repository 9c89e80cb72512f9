import { describe, expect, it } from "vitest";
import { storableError, storableText } from "./storable-text";

describe("storableText", () => {
  it("replaces NUL and lone surrogates with U+FFFD and keeps everything else", () => {
    expect(storableText("a\u0000b\ud800c\udc00d 😀")).toBe("a\ufffdb\ufffdc\ufffdd 😀");
  });

  it("cuts to maxChars without splitting a surrogate pair", () => {
    expect(storableText("ab😀", 3)).toBe("ab");
    expect(storableText("ab😀", 4)).toBe("ab😀");
    expect(storableText("abcdef", 3)).toBe("abc");
  });

  it("reads an error's message", () => {
    expect(storableError(new Error("x\u0000y"))).toBe("x\ufffdy");
    expect(storableError("z".repeat(3000)).length).toBe(2000);
  });
});
