import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { consolePages, type ConsolePageContext } from "./console-pages";
import { expect, test } from "./fixtures";
import { BASE_URL, requestLogRowId, rest, signInAs, uniqueEmail, waitForHydration } from "./support";

// The page tour: every console page (console-pages.ts) for a signed-in owner whose key has a saved SendGrid
// key, an AI provider key (and the logged call that set it), an allowed domain and an advanced webhook endpoint, at 1280 and 375 px in the light
// and the dark colour scheme. Each load must log nothing to the console (the fixture), scroll no sideways and
// show its title; each page must pass axe-core (WCAG 2.2 AA rules and best practices) in both schemes; the screenshots are committed under e2e/screenshots/ and embedded in docs/console.md.

const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 375, height: 740 },
] as const;
const SCHEMES = ["light", "dark"] as const;
/** Pages that once grew far too tall, and the height (px at 1280) they must stay within. */
const MAX_HEIGHT_1280: Record<string, number> = {
  // Was 2,500 px; now the switch, endpoints with their health, and the filtered delivery log.
  "api-key-advanced-webhooks": 1500,
  // One page of 2,185 px until its settings (and their danger zone) became a page of their own.
  "api-key": 1500,
  "api-key-settings": 1400,
};
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];
/** Tall pages are cut here: enough to show the layout, small enough to commit. */
const MAX_SHOT_HEIGHT = 1800;

/** A workspace whose first key has something on every page, and the workspace's own credentials. */
async function seed(ownerEmail: string): Promise<ConsolePageContext & { wsHeaders: Record<string, string> }> {
  const ws = await rest("/v2/workspace/create", { ownerEmail, workspaceName: "Tour workspace" });
  const apiKey = Object.keys(ws.apiKeyList)[0];
  const wsHeaders = { "x-service-workspace-id": ws.id, "x-service-workspace-auth-token": ws.authToken };
  const tokens = await rest("/v2/workspace/authtokens/get", { apiKey }, wsHeaders);
  const key = { "x-service-api-key": apiKey, "x-service-auth-token": tokens.authTokens[0].token };
  await rest("/v2/workspace/domains/add", { domains: ["app.example.com", "*.example.org"] }, key);
  // Its request log row is the call detail page's (the provider key shows redacted there).
  const configCall = `tour-config-${Date.now().toString(36)}`;
  await rest(
    "/v2/workspace/apikeyconfig/update",
    { aiModelApiKey: [{ provider: "openai", customerApiKey: "sk-tour-0123456789" }] },
    { ...key, "x-request-id": configCall },
  );
  // A saved SendGrid key: the Email tab once broke hydration in exactly this state.
  await rest(
    "/v2/workspace/emailconfig/update",
    {
      useEmailService: true,
      emailServiceConfig: { type: "custom", apiKey: "SG.tour-key-4321", fromEmail: "noreply@example.com" },
    },
    key,
  );
  await rest("/v2/workspace/advancedwebhookconfig/update", { isEnabled: true }, key);
  const endpoint = await rest(
    "/v2/workspace/advancedwebhook/endpoints/create",
    {
      url: "https://example.com/hooks/weft",
      description: "Tour receiver",
      filterTypes: ["comment.add", "reaction.add"],
    },
    key,
  );
  // What the Data pages browse: an organization, a folder, and a document with a comment and CRDT text.
  const doc = { organizationId: "tour-org", documentId: "plan" };
  await rest(
    "/v2/organizations/documents/add",
    {
      organizationId: doc.organizationId,
      createOrganization: true,
      folderId: "specs",
      createFolder: true,
      documents: [{ documentId: doc.documentId, documentName: "Launch plan" }],
    },
    key,
  );
  const ada = { userId: "ada", name: "Ada", email: "ada@example.com" };
  await rest(
    "/v2/commentannotations/add",
    {
      ...doc,
      commentAnnotations: [{ annotationId: "a1", commentData: [{ commentText: "Ship on Monday?", from: ada }] }],
    },
    key,
  );
  await rest("/v2/crdt/add", { ...doc, editorId: "body", type: "text", data: "The plan, in one line." }, key);
  const callId = await requestLogRowId(configCall);
  return { workspaceId: ws.id, apiKeyId: apiKey, endpointId: endpoint.id, callId, wsHeaders };
}

test.use({
  // The not-found pages answer their document with 404, which the browser logs as a failed resource.
  allowConsole: [
    /Failed to load resource: the server responded with a status of 404 \(Not Found\) \(.*\/(ws_doesnotexist|no-such-page)\)$/,
  ],
});

test("every console page loads cleanly at 1280 and 375 px in both colour schemes", async ({ page }) => {
  // Every page × 4 loads; on a busy machine 240 s ran out before the last pages.
  test.setTimeout(360_000);
  const email = uniqueEmail("tour");
  const ctx = await seed(email);
  await signInAs(page, email);
  const heights: string[] = [];

  for (const p of consolePages) {
    for (const size of WIDTHS) {
      await page.setViewportSize(size);
      for (const colorScheme of SCHEMES) {
        await page.emulateMedia({ colorScheme });
        const res = await page.goto(p.path(ctx));
        expect(res?.status(), p.name).toBe(p.notFound ? 404 : 200);
        await expect(page.locator("h1").first(), p.name).toBeVisible();
        if (p.ready) await expect(page.locator(p.ready), p.name).toBeVisible({ timeout: 20_000 });
        await page.waitForLoadState("networkidle");
        await page.evaluate(() => document.fonts.ready);

        const { scrollWidth, innerWidth, height } = await page.evaluate(() => ({
          scrollWidth: document.scrollingElement!.scrollWidth,
          innerWidth: window.innerWidth,
          height: document.scrollingElement!.scrollHeight,
        }));
        expect(scrollWidth, `${p.name} scrolls sideways at ${size.width} px (${colorScheme})`).toBeLessThanOrEqual(
          innerWidth,
        );
        const max = size.width === 1280 ? MAX_HEIGHT_1280[p.name] : undefined;
        if (max) expect(height, `${p.name} is ${height} px tall at 1280 px`).toBeLessThanOrEqual(max);
        heights.push(`${p.name} ${size.width} ${colorScheme}: ${height}`);
        if (colorScheme === "light") {
          // `break-all` split words mid-letter; ids and tokens wrap with overflow-wrap: anywhere instead.
          const breakAll = await page.evaluate(
            () =>
              [...document.querySelectorAll("body *")].filter((e) => getComputedStyle(e).wordBreak === "break-all")
                .length,
          );
          expect(breakAll, `${p.name}: elements with word-break: break-all`).toBe(0);
        }
        const file = path.join(
          test.info().project.testDir,
          "screenshots",
          `${p.name}-${size.width}-${colorScheme}.png`,
        );
        await page.screenshot({
          path: file,
          fullPage: true,
          clip: { x: 0, y: 0, width: size.width, height: Math.min(height, MAX_SHOT_HEIGHT) },
        });
      }
    }
  }
  console.log(`page heights:\n${heights.join("\n")}`);
});

test("every console page passes axe-core in both colour schemes", async ({ page }) => {
  test.setTimeout(900_000); // axe-core takes seconds a page on a busy machine
  const email = uniqueEmail("axe");
  const ctx = await seed(email);
  await signInAs(page, email);
  await page.setViewportSize(WIDTHS[0]);
  for (const p of consolePages) {
    for (const colorScheme of SCHEMES) {
      await page.emulateMedia({ colorScheme });
      await page.goto(p.path(ctx));
      await expect(page.locator("h1").first(), p.name).toBeVisible();
      if (p.ready) await expect(page.locator(p.ready), p.name).toBeVisible({ timeout: 20_000 });
      await page.waitForLoadState("networkidle");
      const axe = () => new AxeBuilder({ page }).withTags(AXE_TAGS);
      const known = p.axeKnown;
      const results = known
        ? [
            await axe().exclude(known.within).analyze(),
            await axe().include(known.within).disableRules(known.rules).analyze(),
          ]
        : [await axe().analyze()];
      expect
        .soft(
          results
            .flatMap((r) => r.violations)
            .map((v) => `${v.id} (${v.help}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
          `${p.name} (${colorScheme}): axe-core violations`,
        )
        .toEqual([]);
    }
  }
});

test("the favicon is served and unknown pages get the styled 404", async ({ page, request }) => {
  const icon = await request.get("/favicon.ico");
  expect(icon.status()).toBe(200);
  expect(icon.headers()["content-type"]).toContain("image/svg+xml");
  const res = await page.goto("/no-such-page");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Not found", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Your workspaces" })).toHaveAttribute("href", "/workspaces");
  expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/Geist/i);
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute("href", /\/icon\.svg/);
});

test("the sidebar switches workspace and key (keeping the section), and at 375 px folds into a menu", async ({
  page,
}) => {
  const email = uniqueEmail("sidebar");
  const ctx = await seed(email);
  const ws = { name: "Tour workspace" };
  const second = await rest(
    "/v2/workspace/apikey/create",
    { ownerEmail: email, type: "testing", apiKeyName: "Second key" },
    ctx.wsHeaders,
  );
  await signInAs(page, email, `/workspaces/${ctx.workspaceId}/keys/${ctx.apiKeyId}/requests`);
  await waitForHydration(page);

  // Wide: the sidebar sits beside the page, its current section marked; the key switcher keeps the section.
  const keyNav = page.getByRole("navigation", { name: "API key" });
  await expect(keyNav.getByRole("link", { name: "Request log" })).toHaveAttribute("aria-current", "page");
  await page.getByRole("button", { name: /^Switch API key/i }).click();
  await page
    .getByRole("list", { name: "Switch API key to" })
    .getByRole("link", { name: /Second key/ })
    .click();
  await expect(page).toHaveURL(`${BASE_URL}/workspaces/${ctx.workspaceId}/keys/${second.apiKey}/requests`);
  await expect(page.getByRole("heading", { name: "Second key", level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Switch API key\s*Second key$/i })).toBeVisible();
  await page.getByRole("button", { name: new RegExp(`^Switch workspace\\s*${ws.name}$`, "i") }).click();
  await expect(page.getByRole("list", { name: "Switch workspace to" }).getByRole("link")).toHaveText([
    new RegExp(ws.name),
  ]);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("list", { name: "Switch workspace to" })).toBeHidden();

  // A phone: one Menu button says where you are; open, it reaches every section and closes on the way.
  await page.setViewportSize({ width: 375, height: 740 });
  await expect(keyNav).toBeHidden();
  const menu = page.getByRole("button", { name: /^Menu/ });
  await expect(menu).toHaveText(/Second key · Request log/);
  await menu.click();
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  await keyNav.getByRole("link", { name: "Advanced webhooks" }).click();
  await expect(page).toHaveURL(`${BASE_URL}/workspaces/${ctx.workspaceId}/keys/${second.apiKey}/advanced-webhooks`);
  await expect(keyNav).toBeHidden();
  await expect(menu).toHaveText(/Advanced webhooks/);
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await menu.click();
  await page.getByRole("navigation", { name: "Workspace" }).getByRole("link", { name: "Members" }).click();
  await expect(page).toHaveURL(`${BASE_URL}/workspaces/${ctx.workspaceId}/members`);
  await expect(page.getByRole("heading", { name: "Members", level: 1 })).toBeVisible();
});
