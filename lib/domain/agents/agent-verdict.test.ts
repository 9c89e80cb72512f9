import { describe, expect, it } from "vitest";
import { verdictOf } from "./agent-verdict";

describe("agent verdict", () => {
  it("fails only on an answer that opens with FAIL", () => {
    for (const a of ["FAIL: no brand", "fail - missing", "**FAIL** the brand is missing", "# FAIL\nreasons", "  FAIL."])
      expect(verdictOf(a), a).toBe("failed");
    for (const a of ["PASS: fine", "Summary: all good", "FAILURE is not an option", "The check did not FAIL", ""])
      expect(verdictOf(a), a).toBe("passed");
  });
});
