import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test, watchContext } from "./fixtures";
import { screenshots, signInAs, uniqueEmail, waitForHydration } from "./support";

// Live collaboration in the browser: two pages of the /live-demo console page, each a stock
// @hocuspocus/provider on ws://…/live, edit one CRDT editor's text and see each other's typing; REST reads
// what they typed; a viewer's page follows read-only; the key's console page counts the connections.

async function rest(request: APIRequestContext, path: string, data: unknown, headers: Record<string, string>) {
  const res = await request.post(path, { data: { data }, headers });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).result;
}

/** A workspace's first API key and its auth token, over REST. */
async function newApiKey(request: APIRequestContext) {
  const ownerEmail = uniqueEmail("live");
  const ws = (await rest(request, "/v2/workspace/create", { ownerEmail }, {})).data;
  const apiKey = Object.keys(ws.apiKeyList)[0];
  const wsHeaders = { "x-service-workspace-id": ws.id, "x-service-workspace-auth-token": ws.authToken };
  const tokens = (await rest(request, "/v2/workspace/authtokens/get", { apiKey }, wsHeaders)).data;
  const authToken = tokens.authTokens[0].token as string;
  const keyHeaders = { "x-service-api-key": apiKey, "x-service-auth-token": authToken };
  return { ownerEmail, workspaceId: ws.id as string, apiKey, authToken, keyHeaders };
}

/** The demo with its fields in the query string and the token in the fragment, which never reaches the server. */
async function openDemo(page: Page, { token, ...fields }: Record<string, string>) {
  await page.goto(`/live-demo?${new URLSearchParams(fields)}#${new URLSearchParams({ token })}`);
  await waitForHydration(page);
  await expect(page.getByLabel("Token")).toHaveValue(token);
  await page.getByRole("button", { name: "Connect" }).click();
  // Connecting drops it from the address (and the history).
  await expect.poll(() => new URL(page.url()).hash).toBe("");
}

const status = (page: Page) => page.getByRole("status", { name: "Connection status" });
const text = (page: Page) => page.getByRole("textbox", { name: "Live text" });

test("two pages edit one document live; REST reads the result; a viewer follows read-only", async ({
  browser,
  request,
}) => {
  const { ownerEmail, workspaceId, apiKey, authToken, keyHeaders } = await newApiKey(request);
  const where = { organizationId: "org-live", documentId: "doc-live", editorId: "editor-1" };
  await rest(request, "/v2/crdt/add", { ...where, type: "text", data: "Hello" }, keyHeaders);
  const fields = {
    key: apiKey,
    org: where.organizationId,
    doc: where.documentId,
    editor: where.editorId,
    contentKey: "content",
  };

  // Pages of their own contexts: the fixture watches only the test's context, so these are watched here.
  const errors: string[] = [];
  const newPage = async () => {
    const context = await browser.newContext();
    watchContext(context, [], errors);
    return context.newPage();
  };
  const a = await newPage();
  const b = await newPage();

  await openDemo(a, { ...fields, token: `${apiKey}:${authToken}` });
  const viewerToken = (
    await rest(
      request,
      "/v2/auth/generate_token",
      {
        userId: "bea",
        userProperties: { name: "Bea", email: "bea@example.com" },
        permissions: {
          resources: [
            { type: "document", id: where.documentId, organizationId: where.organizationId, accessRole: "editor" },
          ],
        },
      },
      keyHeaders,
    )
  ).data.token as string;
  await openDemo(b, { ...fields, token: viewerToken });
  for (const p of [a, b]) {
    await expect(status(p)).toHaveText("connected · read-write · synced");
    await expect(text(p)).toHaveValue("Hello");
  }

  // Typing on one page shows on the other, both ways, with the carets wherever they are.
  await text(a).press("End");
  await text(a).pressSequentially(", world");
  await expect(text(b)).toHaveValue("Hello, world");
  await text(b).press("Home");
  await text(b).pressSequentially(">> ");
  await expect(text(a)).toHaveValue(">> Hello, world");
  await text(a).pressSequentially("!");
  await expect(text(b)).toHaveValue(">> Hello, world!");
  await expect(text(a)).toHaveValue(">> Hello, world!");
  await expect(status(a)).toHaveText("connected · read-write · synced"); // every edit acknowledged

  // REST reads the live state; a REST update reaches both pages.
  const got = await rest(request, "/v2/crdt/get", where, keyHeaders);
  expect(got.data[0]).toMatchObject({ type: "text", contentKey: "content", data: ">> Hello, world!" });
  await rest(request, "/v2/crdt/update", { ...where, type: "text", data: "Replaced over REST" }, keyHeaders);
  for (const p of [a, b]) await expect(text(p)).toHaveValue("Replaced over REST");
  await screenshots(a, "live-demo");

  // A viewer's user token connects read-only and still follows the edits.
  const viewer = await newPage();
  const viewerOnly = (
    await rest(
      request,
      "/v2/auth/generate_token",
      {
        userId: "vic",
        userProperties: { name: "Vic", email: "vic@example.com" },
        permissions: { resources: [{ type: "organization", id: where.organizationId, accessRole: "viewer" }] },
      },
      keyHeaders,
    )
  ).data.token as string;
  await openDemo(viewer, { ...fields, token: viewerOnly });
  await expect(status(viewer)).toHaveText("connected · readonly · synced");
  await expect(text(viewer)).toHaveValue("Replaced over REST");
  await expect(text(viewer)).not.toBeEditable();
  await text(a).press("End");
  await text(a).pressSequentially(" and typed");
  await expect(text(viewer)).toHaveValue("Replaced over REST and typed");

  // A token of no grant is refused with the reason the provider reports.
  const stranger = await newPage();
  await openDemo(stranger, { ...fields, token: "not-a-token" });
  await expect(stranger.getByRole("main").getByRole("alert")).toHaveText("Refused: invalid-token");
  await expect(text(stranger)).toHaveValue("");

  // The key's page in the console: three connections (two editors, the viewer; the refused one is not counted).
  const owner = await newPage();
  await signInAs(owner, ownerEmail);
  await owner.goto(`/workspaces/${workspaceId}/keys/${apiKey}`);
  const card = owner.getByRole("region", { name: "Live connections" });
  await expect(card).toContainText("3 connections on 1 document:");
  const rows = card.getByRole("list", { name: "Live documents" }).getByRole("listitem");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("org-live / doc-live / editor-1");
  await expect(rows.first()).toContainText("3 connections");
  await screenshots(owner, "live-connections");

  expect(errors).toEqual([]);
});
