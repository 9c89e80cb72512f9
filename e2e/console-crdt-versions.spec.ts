import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures";
import { screenshots, signInAs, uniqueEmail } from "./support";

// The API key page lists one CRDT editor's saved versions, newest first, and restores one: the editor's content
// becomes the version's, as a REST read shows.

async function rest(request: APIRequestContext, path: string, data: unknown, headers: Record<string, string> = {}) {
  const res = await request.post(path, { data: { data }, headers });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).result;
}

test("the key page lists an editor's versions and restores one", async ({ page, request }) => {
  const ownerEmail = uniqueEmail("versions");
  const ws = (await rest(request, "/v2/workspace/create", { ownerEmail })).data;
  const apiKey = Object.keys(ws.apiKeyList)[0];
  const wsHeaders = { "x-service-workspace-id": ws.id, "x-service-workspace-auth-token": ws.authToken };
  const token = (await rest(request, "/v2/workspace/authtokens/get", { apiKey }, wsHeaders)).data.authTokens[0].token;
  const key = { "x-service-api-key": apiKey, "x-service-auth-token": token };
  const editor = { organizationId: "org-v", documentId: "doc-v", editorId: "tiptap" };
  await rest(
    request,
    "/v2/crdt/add",
    { ...editor, type: "xml", contentKey: "default", data: "<paragraph>First draft</paragraph>" },
    key,
  );
  await rest(request, "/v2/crdt/versions/save", { ...editor, versionName: "First draft", userId: "ada" }, key);
  await rest(
    request,
    "/v2/crdt/update",
    { ...editor, type: "xml", data: "<paragraph>Second <m:bold>draft</m:bold></paragraph>" },
    key,
  );
  await rest(request, "/v2/crdt/versions/save", { ...editor, versionName: "Second draft" }, key);

  await signInAs(page, ownerEmail, `/workspaces/${ws.id}/keys/${apiKey}/data`);
  const card = page.getByRole("region", { name: "CRDT versions" });
  const form = card.getByRole("form", { name: "CRDT editor" });
  await form.getByLabel("Organization ID").fill(editor.organizationId);
  await form.getByLabel("Document ID").fill(editor.documentId);
  await form.getByLabel("Editor ID").fill(editor.editorId);
  await form.getByRole("button", { name: "Show versions" }).click();
  const rows = card.getByRole("list", { name: "Versions" }).getByRole("listitem");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText("Second draft");
  await expect(rows.nth(1)).toContainText("First draft");
  await expect(rows.nth(1)).toContainText("saved by ada");
  await screenshots(page, "crdt-versions");

  await rows.nth(1).getByRole("button", { name: "Restore First draft" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Restore", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Restored “First draft”" })).toBeVisible();
  const got = (await rest(request, "/v2/crdt/get", editor, key)).data[0];
  expect(got.data).toBe("<paragraph>First draft</paragraph>");
});
