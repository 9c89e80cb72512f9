import { expect, test } from "./fixtures";
import { BASE_URL, loginLinkFor, screenshots, uniqueEmail, waitForHydration, withDatabase } from "./support";

// Console sign-in by email magic link: the REST Send Login Link endpoint and the landing page's own form
// send the same kind of link through the mailer (dev outbox here); following it signs in with a
// database session; signing out ends it.

test("Send Login Link (REST): the emailed link signs the user in at continueUrl", async ({ page, request }) => {
  const email = uniqueEmail("rest");
  const res = await request.post("/v2/workspace/email/send-login-link", {
    data: { data: { email, continueUrl: `${BASE_URL}/` } },
  });
  expect(res.status(), await res.text()).toBe(200);

  const link = await loginLinkFor(email);
  expect(link.startsWith(`${BASE_URL}/api/auth/callback/email?`)).toBe(true);
  expect(new URL(link).searchParams.get("callbackUrl")).toBe(`${BASE_URL}/`);

  await page.goto(link);
  await expect(page).toHaveURL(`${BASE_URL}/`);
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
  await screenshots(page, "landing-signed-in");

  // A database session, not a JWT.
  const sessions = await withDatabase(async (db) => {
    const { rows } = await db.query<{ n: string }>(
      `SELECT count(*) AS n FROM "ConsoleSession" s JOIN "ConsoleUser" u ON u.id = s."userId" WHERE u.email = $1`,
      [email],
    );
    return Number(rows[0].n);
  });
  expect(sessions).toBe(1);
  // Stored by keyed hash: the session cookie's value is nowhere in the session table.
  const cookie = (await page.context().cookies()).find((c) => c.name.endsWith("next-auth.session-token"));
  expect(cookie?.value).toBeTruthy();
  const stored = await withDatabase(async (db) => {
    const { rows } = await db.query<{ n: string }>(
      `SELECT count(*) AS n FROM "ConsoleSession" WHERE "sessionToken" = $1 OR position($1 in "sessionToken") > 0`,
      [cookie!.value],
    );
    return Number(rows[0].n);
  });
  expect(stored).toBe(0);

  // The token was consumed: the same link in a fresh browser context does not sign in again.
  const other = await page.context().browser()!.newContext();
  const again = await other.newPage();
  await again.goto(link);
  await expect(again.getByText("This sign-in link is invalid, has expired or was already used.")).toBeVisible();
  await expect(again).toHaveURL(`${BASE_URL}/?error=Verification`);
  await expect(again.getByLabel("Email")).toBeVisible();
  await other.close();
});

test("the landing page form sends a link; following it signs in on the workspace list; sign out returns to the form", async ({
  page,
}) => {
  const email = uniqueEmail("form");
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "weft" })).toBeVisible();
  await waitForHydration(page);
  await screenshots(page, "landing-signed-out");

  // Keyboard only: focus the field, type, submit with Enter.
  const field = page.getByLabel("Email");
  await field.focus();
  await page.keyboard.type(email);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status")).toContainText(`Check your email: a sign-in link is on its way to ${email}`);
  await screenshots(page, "landing-link-sent");

  // The link lands on the workspace list, not back on the sign-in page.
  const link = await loginLinkFor(email);
  expect(link.startsWith(`${BASE_URL}/api/auth/callback/email?`)).toBe(true);
  await page.goto(link);
  await expect(page).toHaveURL(`${BASE_URL}/workspaces`);
  await expect(page.getByRole("heading", { name: "Workspaces", level: 1 })).toBeVisible();
  await expect(page.getByRole("banner").getByText(email)).toBeVisible();

  await waitForHydration(page);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByLabel("Email")).toBeVisible();
  await expect(page.getByText("Signed in as")).toHaveCount(0);
  // Reloading shows the signed-out page too: the session is gone from the database, not just hidden.
  await page.reload();
  await expect(page.getByLabel("Email")).toBeVisible();
  const sessions = await withDatabase(async (db) => {
    const { rows } = await db.query<{ n: string }>(
      `SELECT count(*) AS n FROM "ConsoleSession" s JOIN "ConsoleUser" u ON u.id = s."userId" WHERE u.email = $1`,
      [email],
    );
    return Number(rows[0].n);
  });
  expect(sessions).toBe(0);
});

test("the sign-in form refuses a disposable email domain inline", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  await page.getByLabel("Email").fill("someone@mailinator.com");
  await page.getByRole("button", { name: "Send sign-in link" }).click();
  await expect(page.getByRole("status")).toContainText("This email domain is not supported.");
  await screenshots(page, "landing-error");
  const mails = await withDatabase(async (db) => {
    const { rows } = await db.query<{ n: string }>(`SELECT count(*) AS n FROM "OutboxMail" WHERE "to" = $1`, [
      "someone@mailinator.com",
    ]);
    return Number(rows[0].n);
  });
  expect(mails).toBe(0);
});
