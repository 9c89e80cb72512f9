import { expect, test } from "./fixtures";
import {
  BASE_URL,
  workspaceWithTokens,
  loginLinkFor,
  screenshots,
  signInAs,
  uniqueEmail,
  waitForHydration,
} from "./support";

// Teams: the owner invites a developer by email; the developer signs in through the emailed link, lands on
// the workspace, is refused when revealing the key's auth token; the owner finds the denied attempt in the
// audit log.

test("an invited developer cannot reveal a secret, and the owner sees the attempt in the audit log", async ({
  page,
  browser,
}) => {
  test.slow(); // two signed-in browser contexts and four pages on a shared machine
  const ownerEmail = uniqueEmail("team-owner");
  const developerEmail = uniqueEmail("team-dev");
  const ws = await workspaceWithTokens(page.request, ownerEmail);

  await signInAs(page, ownerEmail, `/workspaces/${ws.id}/members`);
  await waitForHydration(page);
  await page.getByLabel("Email address").fill(developerEmail);
  await page.getByLabel("Role", { exact: true }).selectOption("developer");
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText(`Invitation sent to ${developerEmail}.`)).toBeVisible();
  const members = page.getByRole("list", { name: "Members" });
  await expect(members.getByText(developerEmail, { exact: true })).toBeVisible();
  await expect(members.getByLabel(`Role of ${developerEmail}`)).toHaveValue("developer");
  await screenshots(page, "team-members");

  // The developer, in a browser of their own, follows the invitation.
  const devContext = await browser.newContext();
  const dev = await devContext.newPage();
  const link = await loginLinkFor(developerEmail);
  expect(new URL(link).searchParams.get("callbackUrl")).toBe(`${BASE_URL}/workspaces/${ws.id}`);
  await dev.goto(link);
  await expect(dev).toHaveURL(`${BASE_URL}/workspaces/${ws.id}`);
  await dev.goto(`/workspaces/${ws.id}/keys/${ws.apiKey}`);
  await waitForHydration(dev);
  await dev.getByRole("button", { name: "Reveal auth token" }).click();
  await expect(dev.getByText("Your role in this workspace (developer) cannot reveal or rotate secrets.")).toBeVisible();
  await expect(dev.getByLabel("Auth token", { exact: true })).toHaveCount(0);
  await expect(dev.getByRole("button", { name: "Copy auth token" })).toHaveCount(0);
  await devContext.close();

  // The owner's audit log names the developer's denied attempt.
  await page.goto(`/workspaces/${ws.id}/audit`);
  await waitForHydration(page);
  await page.getByLabel("Outcome").selectOption("denied");
  const entries = page.getByRole("list", { name: "Audit entries" });
  const attempt = entries.getByRole("listitem").filter({ hasText: "Get Auth Tokens" });
  await expect(attempt).toContainText(`${developerEmail} (developer)`);
  await expect(attempt).toContainText("Denied");
  await expect(attempt).toContainText("cannot reveal or rotate secrets");
  await screenshots(page, "team-audit");

  const download = await page.request.get(`/api/audit/export?workspaceId=${ws.id}&format=json&outcome=denied`);
  expect(download.status()).toBe(200);
  const rows = (await download.json()) as { actorEmail: string; label: string }[];
  expect(rows).toEqual([expect.objectContaining({ actorEmail: developerEmail, label: "Get Auth Tokens" })]);
});
