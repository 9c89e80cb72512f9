import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { BASE_URL, signInAs, uniqueEmail, waitForHydration, workspaceWithTokens } from "./support";

// The API reference: Getting started links to it, it renders the served OpenAPI document with Redoc (an
// operation of the registry with its request body's fields), every request it makes stays on this origin and
// the CSP refuses nothing, in the light and the dark colour scheme.

/** Collects the document's CSP violations (a client-side navigation keeps the document, so the list too). */
async function watchViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (e) =>
      seen.push(
        `${e.effectiveDirective} ${e.blockedURI} ${e.sample} at ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`,
      ),
    );
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

/** Opens "Get Users" from the reference's menu and shows the fields of its request body's `data`. */
async function showGetUsers(page: Page) {
  await page.getByRole("navigation", { name: "API areas" }).getByRole("link", { name: "users", exact: true }).click();
  await expect(page).toHaveURL(`${BASE_URL}/api-reference?area=users`);
  const reference = page.locator(".redoc-wrap");
  await reference
    .getByRole("menuitem", { name: /Get Users$/ })
    .first()
    .click();
  const operation = page.locator('[data-section-id="operation/v2UsersGet"]');
  await expect(operation.getByRole("heading", { name: "Get Users", level: 2 })).toBeVisible();
  await expect(operation).toContainText("/v2/users/get");
  await operation.getByRole("button", { name: "expand data" }).first().click();
  await expect(operation.getByText("organizationId", { exact: true }).first()).toBeVisible();
  await expect(operation.getByText("userIds", { exact: true }).first()).toBeVisible();
  return operation;
}

test("Getting started opens the API reference, which renders the served document without leaving this origin", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const requested: string[] = [];
  page.on("request", (r) => requested.push(r.url()));
  const violations = await watchViolations(page);
  const email = uniqueEmail("reference");
  const ws = await workspaceWithTokens(request, email);
  await signInAs(page, email, `/workspaces/${ws.id}/keys/${ws.apiKey}`);
  await waitForHydration(page);
  // Earlier violations are not the reference's: zod 4 probes once for eval with Function(""), which the CSP
  // refuses (zod catches it and validates without eval; the console logs nothing).
  const before = (await violations()).length;

  await page.getByRole("region", { name: "Getting started" }).getByRole("link", { name: "API reference" }).click();
  await expect(page).toHaveURL(`${BASE_URL}/api-reference`);
  await expect(page.getByRole("heading", { name: "API reference", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Download OpenAPI document" })).toHaveAttribute(
    "href",
    "/api/openapi.json",
  );
  const operation = await showGetUsers(page);
  await expect(operation.getByRole("heading", { name: "Get Users", level: 2 })).toHaveCSS("color", "rgb(24, 24, 27)");

  await page.waitForLoadState("networkidle");
  expect(requested).toContain(`${BASE_URL}/api/openapi.json`);
  const outside = requested.filter((url) => !url.startsWith("data:") && new URL(url).origin !== BASE_URL);
  expect(outside, "requests to another origin").toEqual([]);
  expect((await violations()).slice(before), "CSP violations").toEqual([]);

  // Loaded directly in the dark scheme: the page is dark, the reference keeps its light surface and dark text.
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto("/api-reference");
  await expect(page.locator("body")).not.toHaveCSS("background-color", "rgb(255, 255, 255)");
  const dark = await showGetUsers(page);
  await expect(dark.getByRole("heading", { name: "Get Users", level: 2 })).toHaveCSS("color", "rgb(24, 24, 27)");
  await expect(page.locator(".redoc-wrap").locator("..")).toHaveCSS("background-color", "rgb(255, 255, 255)");
  await page.waitForLoadState("networkidle");
  expect(await violations(), "CSP violations (dark)").toEqual([]);
  // At 375 px Redoc's menu folds behind its button and nothing scrolls sideways.
  await page.setViewportSize({ width: 375, height: 740 });
  await expect(page.locator(".menu-content")).not.toBeInViewport();
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  expect(requested.filter((url) => !url.startsWith("data:") && new URL(url).origin !== BASE_URL)).toEqual([]);
});
