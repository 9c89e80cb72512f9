import { describe, expect, it } from "vitest";
import { asKey, newWorkspace, setAdvancedQueries, useTestDatabase } from "../helpers/api";
import { consoleAs, owner, refusal } from "../helpers/console";
import { waitFor } from "../helpers/wait";

// The Data page's own procedures (lib/console/data/router.ts): the key's organizations whatever its advanced
// queries switch says, and the organizations being purged with their progress; another owner's key is not found.

useTestDatabase();

describe("the console's data procedures", () => {
  it("refuse another owner's key as not found", async () => {
    const a = await newWorkspace();
    const b = await newWorkspace();
    const asB = consoleAs(owner(b.email));
    const target = { workspaceId: a.workspace.id, apiKeyId: a.apiKey, data: {} };
    const notFound = { status: "NOT_FOUND", message: "API key not found." };
    expect(await refusal(asB.data.organizations(target))).toEqual(notFound);
    expect(await refusal(asB.data.purges(target))).toEqual(notFound);
    expect(await refusal(asB.data.migrations({ ...target, data: { organizationId: "o" } }))).toEqual(notFound);
  });

  it("list the key's organizations with their state even when Get Organizations is switched off", async () => {
    const w = await newWorkspace();
    const api = asKey(w);
    await api("/v2/organizations/add", {
      organizations: [
        { organizationId: "o1", organizationName: "One" },
        { organizationId: "o2", organizationName: "Two" },
      ],
    });
    await api("/v2/organizations/access/disablestate/update", { organizationIds: ["o2"], disabled: true });
    await setAdvancedQueries(w.apiKey, false);
    expect((await api("/v2/organizations/get", {})).body.error.status).toBe("FAILED_PRECONDITION");
    const asOwner = consoleAs(owner(w.email));
    const page = await asOwner.data.organizations({ workspaceId: w.workspace.id, apiKeyId: w.apiKey, data: {} });
    // Added by one call, they share their time: their order in the page is not asserted.
    const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
    expect([...page.organizations].sort(byId)).toEqual([
      { id: "o1", organizationName: "One", disabled: false },
      { id: "o2", organizationName: "Two", disabled: true },
    ]);
  });

  it("move a deleted organization from the list to the purges, with its purge's state", async () => {
    const w = await newWorkspace();
    const api = asKey(w);
    await api("/v2/organizations/add", {
      organizations: [
        { organizationId: "keep", organizationName: "Keep" },
        { organizationId: "gone", organizationName: "Gone" },
      ],
    });
    const asOwner = consoleAs(owner(w.email));
    const target = { workspaceId: w.workspace.id, apiKeyId: w.apiKey };
    await asOwner.v2.organizations.delete({ ...target, data: { organizationIds: ["gone"] } });
    const page = await asOwner.data.organizations({ ...target, data: {} });
    expect(page.organizations.map((o) => o.id)).toEqual(["keep"]);
    const purges = await asOwner.data.purges({ ...target, data: {} });
    expect(purges).toEqual([
      {
        organizationId: "gone",
        organizationName: "Gone",
        deletedAt: expect.any(String),
        progress: expect.objectContaining({ kind: "organizations.purge", id: "gone", state: "pending" }),
      },
    ]);
  });

  it("list an organization's newest document migrations with how each ended", async () => {
    const w = await newWorkspace();
    const api = asKey(w);
    await api("/v2/organizations/documents/add", {
      organizationId: "o",
      createOrganization: true,
      documents: [{ documentId: "old", documentName: "Old" }],
    });
    await api("/v2/organizations/documents/migrate", { organizationId: "o", documentId: "old", newDocumentId: "new" });
    const asOwner = consoleAs(owner(w.email));
    const target = { workspaceId: w.workspace.id, apiKeyId: w.apiKey };
    await waitFor(async () => {
      const [m] = await asOwner.data.migrations({ ...target, data: { organizationId: "o" } });
      return m?.progress.state === "completed";
    });
    expect(await asOwner.data.migrations({ ...target, data: { organizationId: "o" } })).toEqual([
      {
        migrationId: expect.any(String),
        documentId: "old",
        newDocumentId: "new",
        createdAt: expect.any(String),
        progress: expect.objectContaining({ kind: "documents.migrate", state: "completed" }),
      },
    ]);
    expect(await asOwner.data.migrations({ ...target, data: { organizationId: "other" } })).toEqual([]);
  });
});
