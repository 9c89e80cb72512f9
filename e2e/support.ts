import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { Client } from "pg";

// Shared by playwright.config.ts and the specs. The server always runs on the embedded database, in a data
// dir made for this run (scripts/e2e.mjs passes one in WEFT_E2E_DATA_DIR and removes it afterwards).

/** WEFT_E2E_PORT lets two e2e runs share a machine. */
export const PORT = Number(process.env.WEFT_E2E_PORT || 3101);
export const BASE_URL = `http://localhost:${PORT}`;
/** In WEFT_ADMIN_EMAILS of the server the config starts. */
export const OPERATOR_EMAIL = "operator-e2e@example.com";

/** The run's data dir. Set in the runner when the config loads; workers inherit it through the environment. */
export function e2eDataDir(): string {
  process.env.WEFT_E2E_DATA_DIR ||= mkdtempSync(path.join(os.tmpdir(), "weft-e2e-"));
  return process.env.WEFT_E2E_DATA_DIR;
}

/** A fresh, valid address per call so that tests never see each other's mail. */
export function uniqueEmail(label: string): string {
  return `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** Runs `fn` against the server's embedded PostgreSQL, found through `<data dir>/server.json`. */
export async function withDatabase<T>(fn: (client: Client) => Promise<T>): Promise<T> {
  const owner = JSON.parse(readFileSync(path.join(e2eDataDir(), "server.json"), "utf8")) as { databaseUrl?: string };
  if (!owner.databaseUrl) throw new Error("server.json has no databaseUrl: is the server up?");
  const client = new Client({ connectionString: owner.databaseUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const LINK = /https?:\/\/[^\s"<>]+\/api\/auth\/callback\/email\?[^\s"<>]+/;

/** The sign-in link of the newest dev-outbox mail to `to` (waits for it to arrive). */
export async function loginLinkFor(to: string, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const text = await withDatabase(async (db) => {
      const { rows } = await db.query<{ text: string }>(
        `SELECT "text" FROM "OutboxMail" WHERE "to" = $1 AND "transport" = 'outbox' ORDER BY "createdAt" DESC LIMIT 1`,
        [to],
      );
      return rows[0]?.text;
    });
    const link = text?.match(LINK)?.[0];
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`no sign-in mail to ${to} in the dev outbox after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Signs `email` in through a Send Login Link mail read from the dev outbox; lands on `path`. */
export async function signInAs(page: Page, email: string, path = "/workspaces") {
  const res = await page.request.post("/v2/workspace/email/send-login-link", {
    data: { data: { email, continueUrl: `${BASE_URL}${path}` } },
  });
  expect(res.status(), await res.text()).toBe(200);
  await page.goto(await loginLinkFor(email));
  await expect(page).toHaveURL(`${BASE_URL}${path}`);
}

/** Waits until the client components are hydrated: clicking or typing before that is lost. */
export async function waitForHydration(page: Page) {
  await expect(page.locator("[data-ready=true]").first()).toBeAttached();
}

/**
 * A journey's screenshots at 1280 px and 375 px into test-results/journeys/<name>-<width>.png (not committed:
 * the committed ones are the page tour's, console-pages.spec.ts); checks nothing scrolls sideways at either width.
 */
export async function screenshots(page: Page, name: string) {
  const original = page.viewportSize();
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 740 : 800 });
    const overflow = await page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);
    expect(overflow, `${name} scrolls sideways at ${width} px`).toBeLessThanOrEqual(0);
    const file = path.join(test.info().project.outputDir, "journeys", `${name}-${width}.png`);
    await page.screenshot({ path: file, fullPage: true });
  }
  if (original) await page.setViewportSize(original);
}

/** A REST call that must answer 200: its `result.data` (for setting a tenant up without the console). */
export async function rest(path: string, data: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${BASE_URL}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({ data }),
  });
  const body = await res.json();
  expect(res.status, `${path}: ${JSON.stringify(body)}`).toBe(200);
  return body.result.data;
}

/** A workspace over REST, with its token and its first key's token. */
export async function workspaceWithTokens(request: APIRequestContext, ownerEmail: string) {
  const res = await request.post("/v2/workspace/create", { data: { data: { ownerEmail } } });
  expect(res.status(), await res.text()).toBe(200);
  const ws = (await res.json()).result.data as { id: string; name: string; authToken: string; apiKeyList: object };
  const apiKey = Object.keys(ws.apiKeyList)[0];
  const wsHeaders = { "x-service-workspace-id": ws.id, "x-service-workspace-auth-token": ws.authToken };
  const tokens = await request.post("/v2/workspace/authtokens/get", { data: { data: { apiKey } }, headers: wsHeaders });
  const token = (await tokens.json()).result.data.authTokens[0].token as string;
  const keyHeaders = { "x-service-api-key": apiKey, "x-service-auth-token": token };
  return { id: ws.id, name: ws.name, apiKey, token, wsHeaders, keyHeaders };
}

/** The request log row of the call that sent (or was given) `requestId`, once the log has written it. */
export async function requestLogRowId(requestId: string, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const id = await withDatabase(async (db) => {
      const { rows } = await db.query<{ id: string }>(
        `SELECT "id"::text AS "id" FROM "ApiRequestLog" WHERE "requestId" = $1 ORDER BY "id" DESC LIMIT 1`,
        [requestId],
      );
      return rows[0]?.id;
    });
    if (id) return id;
    if (Date.now() > deadline) throw new Error(`no request log row for ${requestId} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
