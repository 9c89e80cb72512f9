import { expect, test, watchContext } from "./fixtures";
import { rest, screenshots, signInAs, uniqueEmail, waitForHydration, workspaceWithTokens } from "./support";

// The key's Data page as a browser of what an integration stored: organization → folder → document, and the
// document's page with its comment, its notification, its CRDT text and who is in it, a live-demo client
// appearing there without a reload. Everything is seeded over REST, as an integration would.

const ada = { userId: "ada", name: "Ada", email: "ada@example.com" };

test("browse from an organization to a document: its comment, notification, CRDT text and who is here", async ({
  page,
  request,
  browser,
}) => {
  test.slow(); // two browser contexts on a shared machine
  const ownerEmail = uniqueEmail("browse");
  const k = await workspaceWithTokens(request, ownerEmail);
  const call = (path: string, data: unknown) => rest(path, data, k.keyHeaders);
  const org = { organizationId: "acme" };
  await call("/v2/organizations/add", { organizations: [{ ...org, organizationName: "Acme" }] });
  await call("/v2/organizations/folders/add", { ...org, folders: [{ folderId: "specs", folderName: "Specs" }] });
  await call("/v2/organizations/documents/add", {
    ...org,
    folderId: "specs",
    documents: [{ documentId: "plan", documentName: "Launch plan" }],
  });
  await call("/v2/organizations/documents/add", {
    ...org,
    documents: [{ documentId: "notes", documentName: "Notes" }],
  });
  const doc = { ...org, documentId: "plan" };
  await call("/v2/commentannotations/add", {
    ...doc,
    commentAnnotations: [{ annotationId: "a1", commentData: [{ commentText: "Ship it on Monday?", from: ada }] }],
  });
  await call("/v1/notifications/add", {
    ...doc,
    notificationId: "n1",
    actionUser: ada,
    displayHeadlineMessageTemplate: "Ada commented",
    displayBodyMessage: "Ship it on Monday?",
    notifyUsers: [{ userId: "bob", name: "Bob", email: "bob@example.com" }],
    notifyAll: false,
  });
  await call("/v2/crdt/add", { ...doc, editorId: "body", type: "text", data: "The plan, in one line." });

  const base = `/workspaces/${k.id}/keys/${k.apiKey}/data`;
  await signInAs(page, ownerEmail, base);
  await waitForHydration(page);
  await page.getByRole("search", { name: "Search organizations" }).getByRole("searchbox").fill("acm");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/[?&]q=acm/);
  await page.getByRole("list", { name: "Organizations", exact: true }).getByRole("link", { name: "acme" }).click();

  await expect(page).toHaveURL(/[?&]org=acme/);
  const documents = page.getByRole("list", { name: "Documents" });
  await expect(documents.getByRole("listitem")).toHaveCount(2);
  await page.getByRole("list", { name: "Folders" }).getByRole("link", { name: "specs" }).click();
  await expect(page).toHaveURL(/[?&]folder=specs/);
  await expect(documents.getByRole("listitem")).toHaveCount(1);
  await documents.getByRole("link", { name: "plan" }).click();

  await expect(page).toHaveURL(/[?&]doc=plan/);
  await waitForHydration(page);
  await expect(page.getByRole("region", { name: /Document plan/ })).toContainText("Launch plan");
  await expect(page.getByRole("list", { name: "Comments of a1" })).toContainText("Ship it on Monday?");
  await expect(page.getByRole("list", { name: "Notifications" })).toContainText("Ada commented");
  await expect(page.getByLabel("Content of body")).toHaveText("The plan, in one line.");
  const here = page.getByRole("status", { name: "Who is here now" });
  await expect(here).toContainText("Nobody is in this document now.");

  // A live-demo client opens the document's editor "live": it shows up without a reload, and leaves.
  const errors: string[] = [];
  const context = await browser.newContext();
  watchContext(context, [], errors);
  const demo = await context.newPage();
  const fields = { key: k.apiKey, org: "acme", doc: "plan", editor: "live" };
  await demo.goto(
    `/live-demo?${new URLSearchParams(fields)}#${new URLSearchParams({ token: `${k.apiKey}:${k.token}` })}`,
  );
  await waitForHydration(demo);
  await demo.getByRole("button", { name: "Connect" }).click();
  await expect(demo.getByRole("status", { name: "Connection status" })).toContainText("connected");
  await expect(here.getByRole("list", { name: "Live editors" })).toContainText("live");
  await expect(here).toContainText("1 live connection");
  await screenshots(page, "data-document");
  await context.close();
  await expect(here).toContainText("Nobody is in this document now.");
  expect(errors).toEqual([]);
});
