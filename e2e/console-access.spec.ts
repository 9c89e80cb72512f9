import { expect, test } from "./fixtures";
import {
  BASE_URL,
  workspaceWithTokens,
  OPERATOR_EMAIL,
  screenshots,
  signInAs,
  uniqueEmail,
  waitForHydration,
} from "./support";

// Who sees what: an owner only their own workspaces (another owner's answers "Not found" by URL, exactly like
// one that does not exist); an operator every workspace, with the plan, production-key and per-key settings.

test.describe("not found", () => {
  // Each of these URLs answers 404 on purpose; Chromium logs that as a failed resource.
  test.use({ allowConsole: [/Failed to load resource: the server responded with a status of 404/] });

  test("a signed-in owner cannot open another owner's workspace or key by URL", async ({ page, request }) => {
    const theirs = await workspaceWithTokens(request, uniqueEmail("theirs"));
    const me = uniqueEmail("me");
    const mine = await workspaceWithTokens(request, me);
    await signInAs(page, me);

    // The list holds only my workspace.
    const list = page.getByRole("list", { name: "Workspaces" });
    await expect(list.getByRole("listitem")).toHaveCount(1);
    await expect(list.getByRole("listitem")).toContainText(mine.id);
    await expect(page.getByText(theirs.id)).toHaveCount(0);

    for (const path of [
      `/workspaces/${theirs.id}`,
      `/workspaces/${theirs.id}/keys`,
      `/workspaces/${theirs.id}/keys/new`,
      `/workspaces/${theirs.id}/keys/${theirs.apiKey}`,
      `/workspaces/${theirs.id}/keys/${theirs.apiKey}/ai`,
      `/workspaces/${theirs.id}/keys/${theirs.apiKey}/email`,
      `/workspaces/${theirs.id}/keys/${theirs.apiKey}/webhooks`,
      `/workspaces/${theirs.id}/keys/${theirs.apiKey}/advanced-webhooks`,
      // Their key under my workspace's URL is not mine either.
      `/workspaces/${mine.id}/keys/${theirs.apiKey}`,
      `/workspaces/ws_doesnotexist`,
    ]) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(404);
      await expect(page.getByRole("heading", { name: "Not found", level: 1 }), path).toBeVisible();
      await expect(page.getByText(theirs.apiKey)).toHaveCount(0);
    }
    await screenshots(page, "console-not-found");

    // My own key page opens.
    await page.goto(`/workspaces/${mine.id}/keys/${mine.apiKey}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Test API Key$/);
    await expect(
      page.getByRole("navigation", { name: "API key" }).getByRole("link", { name: "AI provider keys" }),
    ).toBeVisible();
  });
});

test("an operator sees every workspace and sets plan, production keys and per-key flags", async ({ page, request }) => {
  const owner = uniqueEmail("customer");
  const ws = await workspaceWithTokens(request, owner);
  await signInAs(page, OPERATOR_EMAIL);
  await expect(page.getByText("operator", { exact: true })).toBeVisible();
  await expect(page.getByText("Every workspace on this instance")).toBeVisible();

  // Other owners' workspaces are listed (with their owner), a page at a time.
  const list = page.getByRole("list", { name: "Workspaces" });
  const item = list.getByRole("listitem").filter({ hasText: ws.id });
  await expect(item).toContainText(`Owner: ${owner}`);
  await screenshots(page, "console-workspaces-operator");

  // More than a page of workspaces: Next and Previous walk the keyset pages.
  for (let i = 0; i < 21; i++) await workspaceWithTokens(request, uniqueEmail(`many${i}`));
  await page.reload();
  await waitForHydration(page);
  await expect(list.getByRole("listitem")).toHaveCount(20);
  const firstPage = await list.getByRole("listitem").allTextContents();
  const pages = page.getByRole("navigation", { name: "Workspace pages" });
  await expect(pages.getByText("Page 1")).toBeVisible();
  await pages.getByRole("button", { name: "Next" }).click();
  await expect(pages.getByText("Page 2")).toBeVisible();
  await expect(pages.getByRole("button", { name: "Previous" })).toBeEnabled();
  const secondPage = await list.getByRole("listitem").allTextContents();
  expect(secondPage.length).toBeGreaterThan(0);
  expect(secondPage.filter((t) => firstPage.includes(t))).toEqual([]);
  await pages.getByRole("button", { name: "Previous" }).click();
  await expect(pages.getByText("Page 1")).toBeVisible();
  await expect(list.getByRole("listitem").first()).toHaveText(firstPage[0]);

  // Production keys are closed to the owner's workspace until the operator opens them.
  await page.goto(`/workspaces/${ws.id}/keys/new`);
  await waitForHydration(page);
  await page.getByLabel("Type").selectOption("production");
  await page.getByRole("button", { name: "Create API key" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toHaveText(
    "This workspace is not enabled for self-serve production API key creation.",
  );

  await page.goto(`/workspaces/${ws.id}`);
  await waitForHydration(page);
  const settings = page.getByRole("region", { name: "Operator settings" });
  // On the free plan the production keys switch would do nothing: it is off, disabled, and says why.
  const production = settings.getByRole("switch", { name: /Self-serve production API keys/ });
  await expect(production).toBeDisabled();
  await expect(production).not.toBeChecked();
  await expect(production).toHaveAccessibleDescription(/Needs the paid plan/);
  await settings.getByLabel("Plan", { exact: true }).selectOption("paid");
  await production.check();
  await settings.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Workspace settings saved. The owner can now create production keys.")).toBeVisible();
  await expect(page.getByText("paid plan", { exact: true })).toBeVisible();
  await screenshots(page, "console-workspace-operator");

  await page.goto(`/workspaces/${ws.id}/keys/new`);
  await waitForHydration(page);
  await page.getByLabel("Type").selectOption("production");
  await page.getByLabel("Name (optional)").fill("Production key");
  await page.getByLabel("Persistence region").selectOption("eur3");
  await page.getByLabel("Realtime region").selectOption("europe-west1");
  await page.getByRole("button", { name: "Create API key" }).click();
  await expect(page.getByRole("heading", { name: "Production key", level: 1 })).toBeVisible();
  await expect(page.getByText("eur3 (persistence), europe-west1 (realtime)")).toBeVisible();
  await expect(page.getByText("production", { exact: true })).toBeVisible();

  // Per-key flags on the owner's first key, as `weft apikey:update` would set them.
  await page.goto(`/workspaces/${ws.id}/keys/${ws.apiKey}/settings`);
  await waitForHydration(page);
  const logs = page.getByRole("switch", { name: /Activity logs/ });
  await expect(logs).toBeChecked();
  await logs.click();
  await page.getByRole("button", { name: "Save features" }).click();
  await expect(page.getByText("Features saved.")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("switch", { name: /Activity logs/ })).not.toBeChecked();
  expect(new URL(page.url()).origin).toBe(BASE_URL);
});
