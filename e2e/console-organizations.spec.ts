import { expect, test } from "./fixtures";
import {
  rest,
  screenshots,
  signInAs,
  uniqueEmail,
  waitForHydration,
  withDatabase,
  workspaceWithTokens,
} from "./support";

// The key's Data page: its organizations, disabled and enabled again and one deleted with a typed
// confirmation while its purge shows progress; an organization's users, one user's notification preferences
// changed and another user's data erased (GDPR) with the erasure's progress; its document migrations. Each
// effect is checked where the integration would see it: over REST, or in the database.

const organizationRow = (apiKeyId: string, organizationId: string) =>
  withDatabase(async (db) => {
    const { rows } = await db.query<{ disabled: boolean; deletedAt: Date | null }>(
      `SELECT "disabled", "deletedAt" FROM "Organization" WHERE "apiKeyId" = $1 AND "organizationId" = $2`,
      [apiKeyId, organizationId],
    );
    return rows[0];
  });

test("the Data page disables, enables and deletes organizations, with the purge's progress", async ({
  page,
  request,
}) => {
  const ownerEmail = uniqueEmail("orgs");
  const k = await workspaceWithTokens(request, ownerEmail);
  await rest(
    "/v2/organizations/add",
    {
      organizations: [
        { organizationId: "org-keep", organizationName: "Keep" },
        { organizationId: "org-gone", organizationName: "Gone" },
      ],
    },
    k.keyHeaders,
  );
  const documents = Array.from({ length: 30 }, (_, i) => ({ documentId: `doc-${i}` }));
  await rest("/v2/organizations/documents/add", { organizationId: "org-gone", documents }, k.keyHeaders);

  await signInAs(page, ownerEmail, `/workspaces/${k.id}/keys/${k.apiKey}/data`);
  await waitForHydration(page);
  const list = page.getByRole("list", { name: "Organizations", exact: true });
  await expect(list.getByRole("listitem")).toHaveCount(2);

  await list.getByRole("button", { name: "Disable org-keep" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Disable", exact: true }).click();
  await expect(list.getByRole("listitem").filter({ hasText: "org-keep" })).toContainText("Disabled");
  expect((await organizationRow(k.apiKey, "org-keep")).disabled).toBe(true);
  await list.getByRole("button", { name: "Enable org-keep" }).click();
  await expect(list.getByRole("button", { name: "Disable org-keep" })).toBeVisible();
  expect((await organizationRow(k.apiKey, "org-keep")).disabled).toBe(false);

  await list.getByRole("listitem").filter({ hasText: "org-gone" }).getByRole("button", { name: "Delete" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel(/to confirm/).fill("org-gon");
  await expect(dialog.getByRole("button", { name: "Delete organization" })).toBeDisabled();
  await dialog.getByLabel(/to confirm/).fill("org-gone");
  await dialog.getByRole("button", { name: "Delete organization" }).click();
  // Hidden at once, purged in the background while the page shows how far it got.
  await expect(list.getByRole("listitem")).toHaveCount(1);
  const purge = page.getByRole("status", { name: "Purge of org-gone" });
  await expect(purge).toBeVisible();
  await screenshots(page, "data-organizations");
  await expect(page.getByRole("status").filter({ hasText: "org-gone is purged." })).toBeVisible({ timeout: 30_000 });
  await expect(purge).toHaveCount(0);
  expect(await organizationRow(k.apiKey, "org-gone")).toBeUndefined();
  const left = await withDatabase((db) =>
    db.query(`SELECT 1 FROM "Document" WHERE "apiKeyId" = $1 AND "organizationId" = 'org-gone'`, [k.apiKey]),
  );
  expect(left.rowCount).toBe(0);
});

test("the Data page shows a user's notification preferences and erases a user's data with progress", async ({
  page,
  request,
}) => {
  const ownerEmail = uniqueEmail("users");
  const k = await workspaceWithTokens(request, ownerEmail);
  const organizationId = "org-people";
  await rest(
    "/v2/organizations/add",
    { organizations: [{ organizationId, organizationName: "People" }] },
    k.keyHeaders,
  );
  await rest(
    "/v2/users/add",
    {
      organizationId,
      users: [
        { userId: "ada", name: "Ada", email: "ada@example.com" },
        { userId: "bob", name: "Bob", email: "bob@example.com" },
      ],
    },
    k.keyHeaders,
  );
  await rest("/v2/organizations/documents/add", { organizationId, documents: [{ documentId: "doc-1" }] }, k.keyHeaders);
  await rest(
    "/v2/commentannotations/add",
    {
      organizationId,
      documentId: "doc-1",
      commentAnnotations: [{ commentData: [{ commentText: "Bob was here", from: { userId: "bob", name: "Bob" } }] }],
    },
    k.keyHeaders,
  );
  await rest(
    "/v2/organizations/documents/migrate",
    { organizationId, documentId: "doc-1", newDocumentId: "doc-2" },
    k.keyHeaders,
  );

  await signInAs(page, ownerEmail, `/workspaces/${k.id}/keys/${k.apiKey}/data?org=${organizationId}`);
  await waitForHydration(page);
  const users = page.getByRole("list", { name: "Users" });
  await expect(users.getByRole("listitem")).toHaveCount(2);
  // The migration made over REST is listed with how it went (live while it runs).
  const migration = page.getByRole("list", { name: "Document migrations" }).getByRole("listitem");
  await expect(migration).toContainText("doc-1 → doc-2");
  await expect(migration).toContainText("Done", { timeout: 20_000 });

  await users.getByRole("button", { name: "Notification preferences of ada" }).click();
  const prefs = page.getByRole("form", { name: "Notification preferences of ada" });
  await expect(prefs.getByLabel("Email")).toHaveValue("ALL");
  await prefs.getByLabel("Email").selectOption("NONE");
  await prefs.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Notification preferences of ada saved." })).toBeVisible();
  const stored = await rest(
    "/v2/notifications/config/get",
    { organizationId, userId: "ada", getOrganizationConfig: true },
    k.keyHeaders,
  );
  expect(stored[0].config).toMatchObject({ inbox: "ALL", email: "NONE" });

  await users.getByRole("listitem").filter({ hasText: "bob" }).getByRole("button", { name: "Erase data" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel(/to confirm/).fill("bob");
  await dialog.getByRole("button", { name: "Erase data" }).click();
  await expect(page.getByRole("status", { name: "Erasure of bob" })).toBeAttached();
  await expect(page.getByRole("status").filter({ hasText: "Everything stored under bob is erased." })).toBeVisible({
    timeout: 30_000,
  });
  await expect(users.getByRole("listitem")).toHaveCount(1);
  const bobData = await rest("/v2/users/data/get", { organizationId, userId: "bob" }, k.keyHeaders);
  expect(JSON.stringify(bobData)).not.toContain("Bob was here");
});
