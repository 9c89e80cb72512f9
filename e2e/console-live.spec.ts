import { execFile } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { promisify } from "node:util";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test, watchContext } from "./fixtures";
import { BASE_URL, workspaceWithTokens, screenshots, signInAs, uniqueEmail, waitForHydration } from "./support";

// The console is live: each view below changes in the open page, without a reload, as the thing it shows
// happens elsewhere (tRPC subscriptions over server-sent events, fed by the notify bus).

const curl = promisify(execFile);

async function keyCredentials(request: APIRequestContext, email: string) {
  const { id, apiKey } = await workspaceWithTokens(request, email);
  return { workspaceId: id, apiKey };
}

/** The key's auth token, revealed on its console page as a person would (the page stays open there). */
async function authToken(page: Page, workspaceId: string, apiKey: string) {
  await page.goto(`/workspaces/${workspaceId}/keys/${apiKey}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Reveal auth token" }).click();
  const token = (await page.getByLabel("Auth token", { exact: true }).innerText()).trim();
  expect(token).toMatch(/^[0-9a-f]{64}$/);
  return token;
}

test("a call made with curl shows in the open request log within a second", async ({ page, request }) => {
  test.slow(); // sign-in, reveal and two pages on a shared machine; the one-second bound is the assertion's
  const email = uniqueEmail("tail");
  const { workspaceId, apiKey } = await keyCredentials(request, email);
  await signInAs(page, email);
  const token = await authToken(page, workspaceId, apiKey);
  await page.goto(`/workspaces/${workspaceId}/keys/${apiKey}/requests`);
  await waitForHydration(page);
  await expect(page.getByText("Live: new calls appear as they are made.")).toBeVisible();

  const { stdout } = await curl("curl", [
    "-s",
    "-D",
    "-",
    "-o",
    "/dev/null",
    "-X",
    "POST",
    `${BASE_URL}/v2/users/get`,
    "-H",
    "content-type: application/json",
    "-H",
    `x-service-api-key: ${apiKey}`,
    "-H",
    `x-service-auth-token: ${token}`,
    "-d",
    '{"data":{"organizationId":"curl-org"}}',
  ]);
  const requestId = /x-request-id: (\S+)/i.exec(stdout)?.[1];
  expect(requestId, stdout).toBeTruthy();
  const row = page.getByRole("table", { name: "API calls" }).getByRole("row").filter({ hasText: requestId! });
  await expect(row).toBeVisible({ timeout: 1_000 });
  await expect(row).toContainText("/v2/users/get");
  await screenshots(page, "request-log-live");
});

test("a delivery to a failing receiver shows retrying, then delivered once it recovers", async ({ page, request }) => {
  test.slow(); // several pages and a 5 s retry on a shared machine
  // The receiver is down for the first attempt and back for the retry, which the schedule makes 5 s later.
  let requests = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => (++requests === 1 ? res.writeHead(503).end("down for now") : res.writeHead(200).end("ok")));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  try {
    const email = uniqueEmail("retry");
    const { workspaceId, apiKey } = await keyCredentials(request, email);
    await signInAs(page, email);
    await page.goto(`/workspaces/${workspaceId}/keys/${apiKey}/advanced-webhooks`);
    await waitForHydration(page);
    await page.getByRole("switch", { name: "Advanced webhooks" }).click();
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByRole("button", { name: "Add an endpoint" }).click();
    const form = page.getByRole("form", { name: "New endpoint" });
    await form.getByLabel("New endpoint URL").fill(url);
    await form.getByRole("button", { name: "Add endpoint" }).click();
    await expect(page.getByRole("list", { name: "Endpoints" })).toContainText(url);
    await expect(page.getByText("Live: deliveries update as they happen.")).toBeVisible();

    await page.getByRole("list", { name: "Endpoint health" }).getByRole("button", { name: "Send test event" }).click();
    const message = page.getByRole("list", { name: "Messages" }).getByRole("listitem").first();
    await expect(message).toContainText(/retrying, next attempt \d\d:\d\d:\d\d/, { timeout: 5_000 });
    await expect(message).toContainText("success", { timeout: 20_000 });
    await expect(message).not.toContainText("retrying");
    await message.locator("summary").first().click();
    await expect(message.getByRole("list", { name: /^Attempts of/ }).getByRole("listitem")).toHaveCount(2);
    await expect(message).toContainText("down for now");
    await screenshots(page, "delivery-recovered");
  } finally {
    await new Promise<void>((r) => server.close(() => r()));
  }
});

test("the key's live connections follow two live-demo pages: 0, then 2, then 1", async ({ page, request, browser }) => {
  test.slow(); // three browser contexts on a shared machine
  const email = uniqueEmail("presence");
  const { workspaceId, apiKey } = await keyCredentials(request, email);
  await signInAs(page, email);
  const token = await authToken(page, workspaceId, apiKey);
  const card = page.getByRole("region", { name: "Live connections" });
  await expect(card).toContainText("No live connections now.");

  const errors: string[] = [];
  const demo = async () => {
    const context = await browser.newContext();
    watchContext(context, [], errors);
    const p = await context.newPage();
    const fields = { key: apiKey, org: "org-p", doc: "doc-p", editor: "ed-p" };
    // The demo takes its token from the fragment (never sent to the server), not the query string.
    await p.goto(`/live-demo?${new URLSearchParams(fields)}#${new URLSearchParams({ token: `${apiKey}:${token}` })}`);
    await waitForHydration(p);
    await p.getByRole("button", { name: "Connect" }).click();
    await expect(p.getByRole("status", { name: "Connection status" })).toContainText("connected");
    return context;
  };
  const first = await demo();
  const second = await demo();
  await expect(card).toContainText("2 connections on 1 document:");
  await expect(card.getByRole("list", { name: "Live documents" })).toContainText("org-p / doc-p / ed-p");
  await screenshots(page, "live-connections-live");
  await first.close();
  await expect(card).toContainText("1 connection on 1 document:");
  await second.close();
  await expect(card).toContainText("No live connections now.");
  expect(errors).toEqual([]);
});
