import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "./fixtures";
import { consolePages } from "./console-pages";
import { BASE_URL, requestLogRowId, signInAs, uniqueEmail, waitForHydration, workspaceWithTokens } from "./support";

// The console as a dashboard, against the real server: the getting-started check, the request log and usage
// for calls made over HTTP, webhook health and "Send test event" to receivers this test runs on 127.0.0.1,
// revoking a key and deleting a workspace.

async function startReceiver(status: number) {
  const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      received.push({ headers: req.headers, body });
      res.writeHead(status, { "content-type": "text/plain" }).end(status < 300 ? "ok" : "receiver is broken");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, received, close: () => new Promise<void>((r) => server.close(() => r())) };
}

function post(path: string, headers: Record<string, string>, data: unknown) {
  return fetch(`${BASE_URL}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({ data }),
  });
}

test("a call made over HTTP turns the getting-started check green and shows in the request log and usage", async ({
  page,
  request,
}) => {
  test.slow(); // it ends by loading every console page of the key, one by one
  const email = uniqueEmail("data");
  const ws = await workspaceWithTokens(request, email);
  const keyBase = `/workspaces/${ws.id}/keys/${ws.apiKey}`;
  await signInAs(page, email);
  await page.goto(keyBase);
  await waitForHydration(page);
  const check = page.getByRole("status").filter({ hasText: "first successful call" });
  await expect(check).toHaveAttribute("data-state", "waiting");
  await expect(page.getByLabel("First call", { exact: true })).toContainText(`x-service-api-key: ${ws.apiKey}`);
  await expect(page.getByLabel("First call", { exact: true })).not.toContainText(ws.keyHeaders["x-service-auth-token"]);

  const okId = `e2e-ok-${Date.now()}`;
  const ok = await post("/v2/organizations/get", { ...ws.keyHeaders, "x-request-id": okId }, {});
  expect(ok.status).toBe(200);
  expect(ok.headers.get("x-request-id")).toBe(okId);
  const badId = `e2e-bad-${Date.now()}`;
  const bad = await post("/v2/organizations/get", { ...ws.keyHeaders, "x-request-id": badId }, { nope: true });
  expect(bad.status).toBe(400);

  await expect(page.getByRole("status").filter({ hasText: "First successful call received." })).toBeVisible({
    timeout: 20_000,
  });
  await page.getByRole("button", { name: "Reveal the auth token" }).click();
  await expect(page.getByLabel("Auth token setup", { exact: true })).toContainText(
    ws.keyHeaders["x-service-auth-token"],
  );
  await expect(page.getByLabel("First call", { exact: true })).not.toContainText(ws.keyHeaders["x-service-auth-token"]);

  await page.getByRole("navigation", { name: "API key" }).getByRole("link", { name: "Request log" }).click();
  await expect(page).toHaveURL(`${BASE_URL}${keyBase}/requests`);
  await waitForHydration(page);
  const calls = page.getByRole("table", { name: "API calls" });
  const okRow = calls.getByRole("row").filter({ hasText: okId });
  await expect(okRow).toContainText("/v2/organizations/get");
  await expect(okRow).toContainText("200");
  await expect(calls.getByRole("row").filter({ hasText: badId })).toContainText("400 INVALID_ARGUMENT");
  await page.getByLabel("Status", { exact: true }).selectOption("clientError");
  await expect(calls.getByRole("row").filter({ hasText: badId })).toBeVisible();
  await expect(calls.getByRole("row").filter({ hasText: okId })).toHaveCount(0);

  await page.getByRole("navigation", { name: "API key" }).getByRole("link", { name: "Usage" }).click();
  await expect(page.locator('[data-metric="apiCalls"]')).toHaveText("2");
  await expect(page.locator('[data-metric="apiErrors"]')).toHaveText("1");
  await expect(page.getByRole("img", { name: /API calls per day/ })).toBeVisible();

  // Every console page of this key loads.
  const callId = await requestLogRowId(okId);
  for (const p of consolePages.filter((c) => !c.notFound && !c.needsTourSeed)) {
    const res = await page.goto(p.path({ workspaceId: ws.id, apiKeyId: ws.apiKey, callId }));
    expect(res?.status(), p.name).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  }
});

test("a revoked key is refused by the API at once, and a deleted workspace is gone", async ({ page, request }) => {
  const email = uniqueEmail("revoke");
  const ws = await workspaceWithTokens(request, email);
  expect((await post("/v2/organizations/get", ws.keyHeaders, {})).status).toBe(200);
  await signInAs(page, email);
  await page.goto(`/workspaces/${ws.id}/keys/${ws.apiKey}/settings`);
  await waitForHydration(page);
  const name = (await page.getByRole("heading", { level: 1 }).textContent())!.trim();
  await expect(page.getByRole("button", { name: new RegExp(`^Switch API key\\s*${name}$`, "i") })).toBeVisible();

  await page.getByRole("button", { name: "Delete API key" }).click();
  const dialog = page.getByRole("dialog", { name: "Revoke and delete this API key?" });
  const confirm = dialog.getByRole("button", { name: "Delete API key" });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(/to confirm/).fill(`${name}x`);
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(/to confirm/).fill(name);
  await confirm.click();
  await expect(page).toHaveURL(`${BASE_URL}/workspaces/${ws.id}/keys`);
  // The sidebar forgets it too: the workspace has no key left to switch to.
  await expect(page.getByRole("button", { name: /^Switch API key/i })).toHaveCount(0);
  const refused = await post("/v2/organizations/get", ws.keyHeaders, {});
  expect(refused.status).toBe(403);

  await page.goto(`/workspaces/${ws.id}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Delete workspace" }).click();
  const wsDialog = page.getByRole("dialog", { name: "Delete this workspace?" });
  await wsDialog.getByLabel(/to confirm/).fill(ws.name);
  await wsDialog.getByRole("button", { name: "Delete workspace" }).click();
  await expect(page).toHaveURL(`${BASE_URL}/workspaces`);
  expect((await post("/v2/workspace/get", ws.wsHeaders, {})).status).toBe(403);
  await expect(page.getByRole("list", { name: "Workspaces" }).filter({ hasText: ws.id })).toHaveCount(0);
});

test("send test event reaches a local receiver and shows as delivered; a failing endpoint shows as failing", async ({
  page,
  request,
}) => {
  const good = await startReceiver(200);
  const broken = await startReceiver(500);
  try {
    const email = uniqueEmail("hooks");
    const ws = await workspaceWithTokens(request, email);
    expect((await post("/v2/workspace/advancedwebhookconfig/update", ws.keyHeaders, { isEnabled: true })).status).toBe(
      200,
    );
    for (const [url, description] of [
      [good.url, "Good receiver"],
      [broken.url, "Broken receiver"],
    ]) {
      const created = await post("/v2/workspace/advancedwebhook/endpoints/create", ws.keyHeaders, {
        url,
        description,
        filterTypes: ["comment.add"],
      });
      expect(created.status).toBe(200);
    }
    await signInAs(page, email);
    await page.goto(`/workspaces/${ws.id}/keys/${ws.apiKey}/advanced-webhooks`);
    await waitForHydration(page);

    const health = page.getByRole("list", { name: "Endpoint health" });
    const goodRow = health.getByRole("listitem", { name: "Good receiver" });
    const brokenRow = health.getByRole("listitem", { name: "Broken receiver" });
    await expect(goodRow).toContainText("No attempts yet");
    await goodRow.getByRole("button", { name: "Send test event" }).click();
    await expect(page.getByRole("status").filter({ hasText: /Test event msg_\S+ sent/ })).toBeVisible();
    await expect.poll(() => good.received.length, { timeout: 15_000 }).toBe(1);
    expect(good.received[0].headers["webhook-signature"]).toMatch(/^v1,/);
    expect(JSON.parse(good.received[0].body)).toMatchObject({ type: "webhook.test" });
    await expect(goodRow).toHaveAttribute("data-state", "healthy", { timeout: 15_000 });
    await expect(goodRow).toContainText("0% (0 of 1 attempt failed)");
    await expect(goodRow.locator("time").first()).toHaveAttribute("title", /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/);

    const messages = page.getByRole("list", { name: "Messages" });
    await expect(messages.getByRole("listitem").filter({ hasText: "Good receiver: success" })).toBeVisible({
      timeout: 15_000,
    });

    await brokenRow.getByRole("button", { name: "Send test event" }).click();
    await expect.poll(() => broken.received.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    await expect(brokenRow).toHaveAttribute("data-state", "failing", { timeout: 15_000 });
    await expect(brokenRow).toContainText("Failing");
    await expect(brokenRow).toContainText(/100% \(\d+ of \d+ attempts? failed\)/);

    // Filters: by endpoint, and by outcome.
    await page.getByLabel("Endpoint", { exact: true }).selectOption({ label: "Broken receiver" });
    await expect(messages.getByRole("listitem")).toHaveCount(1);
    await expect(messages.getByRole("listitem").first()).toContainText("Broken receiver");
    await page.getByLabel("Endpoint", { exact: true }).selectOption({ label: "All endpoints" });
    await page.getByLabel("Outcome").selectOption("success");
    await expect(messages.getByRole("listitem")).toHaveCount(1);
    await expect(messages.getByRole("listitem").first()).toContainText("Good receiver: success");
  } finally {
    await good.close();
    await broken.close();
  }
});
