import { describe, expect, it } from "vitest";
import { fillOrder } from "./catalog";

describe("fillOrder", () => {
  it("puts every parent before its children, alphabetically among tables free at the same time", () => {
    const edges = [
      { child: "ApiKey", parent: "Workspace" },
      { child: "Document", parent: "Organization" },
      { child: "Organization", parent: "ApiKey" },
      { child: "Membership", parent: "OrganizationUser" },
      { child: "OrganizationUser", parent: "Organization" },
      { child: "Membership", parent: "Organization" },
      { child: "Job", parent: "NotInTheList" },
    ];
    const tables = ["Document", "Membership", "Job", "Organization", "OrganizationUser", "ApiKey", "Workspace"];
    expect(fillOrder([...tables].sort(), edges)).toEqual([
      "Job",
      "Workspace",
      "ApiKey",
      "Organization",
      "Document",
      "OrganizationUser",
      "Membership",
    ]);
  });

  it("refuses a cycle, naming its tables", () => {
    const edges = [
      { child: "A", parent: "B" },
      { child: "B", parent: "A" },
    ];
    expect(() => fillOrder(["A", "B", "C"], edges)).toThrow("foreign keys form a cycle among A, B");
  });
});
