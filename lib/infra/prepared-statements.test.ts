import { describe, expect, it } from "vitest";
import { preparedStatementName } from "./db";

describe("preparedStatementName", () => {
  it("names only statements that open with a prepared comment", () => {
    expect(preparedStatementName({ sql: '/* prepared:workspace_view */\n SELECT 1 FROM "Workspace"' })).toBe(
      "workspace_view",
    );
    expect(preparedStatementName({ sql: "/* prepared:documents_page_ids_after */ SELECT 1" })).toBe(
      "documents_page_ids_after",
    );
    expect(preparedStatementName({ sql: 'SELECT 1 FROM "Workspace"' })).toBeUndefined();
    expect(preparedStatementName({ sql: "SELECT 1 /* prepared:late */" })).toBeUndefined();
    expect(preparedStatementName({ sql: "/* prepared:Bad-Name */ SELECT 1" })).toBeUndefined();
  });
});
