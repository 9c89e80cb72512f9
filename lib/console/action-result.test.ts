import { describe, expect, it } from "vitest";
import { ActionError, unwrap } from "./action-result";

describe("unwrap", () => {
  it("hands back the data of a successful action", async () => {
    await expect(unwrap(Promise.resolve({ ok: true as const, data: { id: "ws_1" } }))).resolves.toEqual({ id: "ws_1" });
  });

  it("throws a failure as an ActionError that keeps the field it is about", async () => {
    const failed = unwrap(
      Promise.resolve({ ok: false as const, error: "apiKeyName must not be empty.", field: "apiKeyName" }),
    );
    await expect(failed).rejects.toBeInstanceOf(ActionError);
    await expect(failed).rejects.toMatchObject({ message: "apiKeyName must not be empty.", field: "apiKeyName" });
  });
});
