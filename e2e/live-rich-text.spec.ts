import type { APIRequestContext, Page, WebSocketRoute } from "@playwright/test";
import { expect, test, watchContext } from "./fixtures";
import { uniqueEmail, waitForHydration } from "./support";

// Rich text in the browser: two /live-demo pages in Tiptap mode (StarterKit + Collaboration on the XmlFragment
// "default", through the stock @hocuspocus/provider). A REST update of one paragraph reaches a page as an edit
// of that paragraph: the page's caret and its typing that the server has not received yet both stay. A REST
// write with bold, a link and an <h2> renders as such.

async function rest(request: APIRequestContext, path: string, data: unknown, headers: Record<string, string>) {
  const res = await request.post(path, { data: { data }, headers });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).result;
}

async function newApiKey(request: APIRequestContext) {
  const ws = (await rest(request, "/v2/workspace/create", { ownerEmail: uniqueEmail("rich") }, {})).data;
  const apiKey = Object.keys(ws.apiKeyList)[0];
  const wsHeaders = { "x-service-workspace-id": ws.id, "x-service-workspace-auth-token": ws.authToken };
  const tokens = (await rest(request, "/v2/workspace/authtokens/get", { apiKey }, wsHeaders)).data;
  const authToken = tokens.authTokens[0].token as string;
  return { apiKey, authToken, keyHeaders: { "x-service-api-key": apiKey, "x-service-auth-token": authToken } };
}

const editorOf = (page: Page) => page.getByRole("textbox", { name: "Live rich text" });
const status = (page: Page) => page.getByRole("status", { name: "Connection status" });

/** Holds what the page sends over its live socket while `held` is true; the server's messages always pass. */
function holdOutgoing(route: WebSocketRoute) {
  const server = route.connectToServer();
  const queue: (string | Buffer)[] = [];
  const gate = { held: false, release: () => {} };
  route.onMessage((m) => (gate.held ? queue.push(m) : server.send(m)));
  server.onMessage((m) => route.send(m));
  gate.release = () => {
    gate.held = false;
    for (const m of queue.splice(0)) server.send(m);
  };
  return gate;
}

test("a REST update keeps a Tiptap page's caret and unsent typing; REST formatting renders", async ({
  browser,
  request,
}) => {
  const { apiKey, authToken, keyHeaders } = await newApiKey(request);
  const where = { organizationId: "org-rich", documentId: "doc-rich", editorId: "tiptap" };
  const paragraphs = (first: string) => `<paragraph>${first}</paragraph><paragraph>Second paragraph</paragraph>`;
  await rest(
    request,
    "/v2/crdt/add",
    { ...where, type: "xml", contentKey: "default", data: paragraphs("First paragraph") },
    keyHeaders,
  );
  const query = new URLSearchParams({
    key: apiKey,
    org: where.organizationId,
    doc: where.documentId,
    editor: where.editorId,
    kind: "rich",
  });
  // The token only in the fragment, which never reaches the server.
  const fragment = new URLSearchParams({ token: `${apiKey}:${authToken}` });

  const errors: string[] = [];
  const open = async (intercept?: (route: WebSocketRoute) => void) => {
    const context = await browser.newContext();
    watchContext(context, [], errors);
    const page = await context.newPage();
    if (intercept) await page.routeWebSocket(/\/live$/, intercept);
    await page.goto(`/live-demo?${query}#${fragment}`);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Connect" }).click();
    await expect(status(page)).toHaveText("connected · read-write · synced");
    return page;
  };
  let gate: ReturnType<typeof holdOutgoing> | undefined;
  const a = await open();
  const b = await open((route) => (gate = holdOutgoing(route)));
  await expect(editorOf(a).locator("p")).toHaveText(["First paragraph", "Second paragraph"]);

  // B puts its caret after "Second" and types while its messages are held: the server has not seen this edit.
  gate!.held = true;
  await editorOf(b).locator("p").nth(1).click();
  await editorOf(b).press("Home");
  for (let i = 0; i < "Second".length; i++) await editorOf(b).press("ArrowRight");
  await editorOf(b).pressSequentially(" typed");
  await expect(status(b)).toContainText("unacknowledged");

  await rest(
    request,
    "/v2/crdt/update",
    { ...where, type: "xml", data: paragraphs("First paragraph, <m:bold>changed</m:bold>") },
    keyHeaders,
  );
  for (const page of [a, b]) await expect(editorOf(page).locator("p strong")).toHaveText("changed");
  await expect(editorOf(b).locator("p")).toHaveText(["First paragraph, changed", "Second typed paragraph"]);
  // The caret is still where B left it.
  await editorOf(b).pressSequentially("!");
  await expect(editorOf(b).locator("p").nth(1)).toHaveText("Second typed! paragraph");

  // Once B's messages go through, everyone converges on both changes.
  gate!.release();
  await expect(editorOf(a).locator("p")).toHaveText(["First paragraph, changed", "Second typed! paragraph"]);
  await expect(status(b)).toHaveText("connected · read-write · synced");
  const stored = (await rest(request, "/v2/crdt/get", where, keyHeaders)).data[0].data;
  expect(stored).toBe(
    "<paragraph>First paragraph, <m:bold>changed</m:bold></paragraph><paragraph>Second typed! paragraph</paragraph>",
  );

  // Bold, a link and a level-2 heading written over REST render as such.
  await rest(
    request,
    "/v2/crdt/update",
    {
      ...where,
      type: "xml",
      data: '<heading level="2">Release notes</heading><paragraph>Ship <m:bold>today</m:bold>, see <m:link href="https://weft.dev/docs">the docs</m:link></paragraph>',
    },
    keyHeaders,
  );
  for (const page of [a, b]) {
    await expect(editorOf(page).getByRole("heading", { level: 2 })).toHaveText("Release notes");
    await expect(editorOf(page).locator("p strong")).toHaveText("today");
    await expect(editorOf(page).getByRole("link", { name: "the docs" })).toHaveAttribute(
      "href",
      "https://weft.dev/docs",
    );
  }
  expect(errors).toEqual([]);
});
