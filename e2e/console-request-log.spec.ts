import { expect, test } from "./fixtures";
import { BASE_URL, screenshots, signInAs, uniqueEmail, waitForHydration, workspaceWithTokens } from "./support";

// The request log as a developer debugs with it: a call refused for a wrong auth token shows with its reason,
// a call that set a provider key opens in full (headers, bodies, request id, time to the millisecond, a curl to
// replay it) with no credential or secret anywhere in the page, and the filters live in the URL.

function post(path: string, headers: Record<string, string>, data: unknown) {
  return fetch(`${BASE_URL}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({ data }),
  });
}

test("a refused call shows with its reason, a call opens in full with every secret redacted, filters stay in the URL", async ({
  page,
  context,
  request,
}) => {
  const email = uniqueEmail("reqlog");
  const ws = await workspaceWithTokens(request, email);
  const token = ws.keyHeaders["x-service-auth-token"];
  const stamp = Date.now().toString(36);
  const providerKey = `sk-e2e-provider-${stamp}-0123456789abcdef`;

  const wrongId = `e2e-wrong-token-${stamp}`;
  const wrong = await post(
    "/v2/workspace/domains/get",
    { "x-service-api-key": ws.apiKey, "x-service-auth-token": "f".repeat(64), "x-request-id": wrongId },
    {},
  );
  expect(wrong.status).toBe(403);
  expect(await wrong.json()).toEqual({
    error: { status: "PERMISSION_DENIED", message: "Invalid auth token for API key." },
  });
  const okId = `e2e-provider-key-${stamp}`;
  const ok = await post(
    "/v2/workspace/apikeyconfig/update",
    { ...ws.keyHeaders, "x-request-id": okId },
    { aiModelApiKey: [{ provider: "openai", customerApiKey: providerKey }] },
  );
  expect(ok.status).toBe(200);

  await signInAs(page, email);
  const requestsPath = `/workspaces/${ws.id}/keys/${ws.apiKey}/requests`;
  await page.goto(requestsPath);
  await waitForHydration(page);
  const calls = page.getByRole("table", { name: "API calls" });
  const wrongRow = calls.getByRole("row").filter({ hasText: wrongId });
  await expect(wrongRow).toContainText("403 PERMISSION_DENIED");
  await expect(wrongRow).toContainText("Invalid auth token for API key.");
  await expect(wrongRow.locator("time")).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC$/);
  await expect(calls.getByRole("row").filter({ hasText: okId })).toBeVisible();

  // Search by request id: the filter is the URL's, so it survives a reload.
  await page.getByLabel("Request id", { exact: true }).fill(wrongId);
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(`${BASE_URL}${requestsPath}?requestId=${wrongId}`);
  await expect(calls.getByRole("row").filter({ hasText: okId })).toHaveCount(0);
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByLabel("Request id", { exact: true })).toHaveValue(wrongId);
  await expect(wrongRow).toBeVisible();
  await expect(calls.getByRole("row").filter({ hasText: okId })).toHaveCount(0);

  // The refused call in full; the way back keeps the filter.
  await wrongRow.getByRole("link", { name: `Open call ${wrongId}` }).click();
  await expect(page).toHaveURL(new RegExp(`${requestsPath}/\\d+\\?requestId=${wrongId}$`));
  await expect(page.getByText("Invalid auth token for API key.", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Request headers", { exact: true })).toContainText("x-service-auth-token: [redacted]");
  await expect(page.getByLabel("Replay command", { exact: true })).toContainText(
    `-H "x-service-auth-token: $WEFT_AUTH_TOKEN"`,
  );
  await page.getByRole("link", { name: "Back to the request log" }).click();
  await expect(page).toHaveURL(`${BASE_URL}${requestsPath}?requestId=${wrongId}`);
  await waitForHydration(page);

  // A time range that ends before the calls shows none of them; clearing shows both again.
  await page.getByLabel("Until (UTC)", { exact: true }).fill("2020-01-01T00:00:00");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(`${BASE_URL}${requestsPath}?requestId=${wrongId}&until=2020-01-01T00%3A00%3A00Z`);
  await expect(page.getByText("No calls match these filters.")).toBeVisible();
  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect(page).toHaveURL(`${BASE_URL}${requestsPath}`);
  const okRow = calls.getByRole("row").filter({ hasText: okId });
  await okRow.getByRole("link", { name: `Open call ${okId}` }).click();

  // The call that set a provider key: everything the log kept, no secret.
  await expect(page).toHaveURL(new RegExp(`${requestsPath}/\\d+$`));
  await expect(page.getByRole("heading", { name: "POST /v2/workspace/apikeyconfig/update" })).toBeVisible();
  await expect(page.locator("time").first()).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3} UTC$/);
  await expect(page.getByText(okId, { exact: true })).toBeVisible();
  await expect(page.getByText("200", { exact: true })).toBeVisible();
  await expect(page.getByText(/^\d+ ms$/)).toBeVisible();
  await expect(page.getByLabel("Request headers", { exact: true })).toContainText(`x-service-api-key: ${ws.apiKey}`);
  await expect(page.getByLabel("Request headers", { exact: true })).toContainText("x-service-auth-token: [redacted]");
  await expect(page.getByLabel("Request body", { exact: true })).toContainText('"customerApiKey": "[redacted]"');
  await expect(page.getByLabel("Response headers", { exact: true })).toContainText(`x-request-id: ${okId}`);
  await expect(page.getByLabel("Response body", { exact: true })).toContainText(
    '"message": "API key configuration updated successfully."',
  );
  const replay = page.getByLabel("Replay command", { exact: true });
  await expect(replay).toContainText(`curl -X POST '${BASE_URL}/v2/workspace/apikeyconfig/update'`);
  await expect(replay).toContainText(`-H "x-service-auth-token: $WEFT_AUTH_TOKEN"`);
  await expect(replay).toContainText(
    `--data-raw '{"data":{"aiModelApiKey":[{"provider":"openai","customerApiKey":"[redacted]"}]}}'`,
  );

  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.getByRole("button", { name: "Copy the replay command" }).click();
  await expect(page.getByRole("button", { name: "Copy the replay command" })).toHaveText("Copied");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await replay.textContent());

  for (const secret of [token, providerKey, ws.wsHeaders["x-service-workspace-auth-token"]]) {
    expect(await page.content(), "the page's HTML").not.toContain(secret);
    expect(await page.locator("body").innerText(), "the page's text").not.toContain(secret);
  }
  await screenshots(page, "request-detail");
});
