import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { BASE_URL, loginLinkFor, screenshots, uniqueEmail, waitForHydration } from "./support";

// An owner's whole journey through the console, on the built server: sign in from a console URL through the
// magic link in the dev outbox, create a workspace and a key, change the key, reveal and reset its token,
// use the new token over REST, read the mailbox, sign out.

/** A key-level REST call from the test, as a client of weft would make it. */
function getDomains(apiKey: string, token: string) {
  return fetch(`${BASE_URL}/v2/workspace/domains/get`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-service-api-key": apiKey, "x-service-auth-token": token },
    body: JSON.stringify({ data: {} }),
  });
}

const lastSegment = (page: Page) => new URL(page.url()).pathname.split("/").pop()!;

test("an owner signs in, creates a workspace and a key, resets its token, uses it over REST and signs out", async ({
  page,
}) => {
  test.slow(); // the longest journey: it ran out of its 60 s on a shared machine
  const email = uniqueEmail("owner");

  // Signed out, a console page sends to the sign-in form, which brings the user back to it.
  await page.goto("/workspaces");
  expect(new URL(page.url()).pathname).toBe("/");
  expect(new URL(page.url()).searchParams.get("callbackUrl")).toBe("/workspaces");
  await waitForHydration(page);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send sign-in link" }).click();
  await expect(page.getByRole("status")).toContainText("Check your email");
  await page.goto(await loginLinkFor(email));
  await expect(page).toHaveURL(`${BASE_URL}/workspaces`);
  await expect(page.getByRole("heading", { name: "Workspaces", level: 1 })).toBeVisible();
  await expect(page.getByText("No workspaces yet.")).toBeVisible();
  await screenshots(page, "console-workspaces-empty");

  // Create a workspace: the REST schema checks the form in the browser, with the API's message.
  await page.getByRole("link", { name: "New workspace" }).click();
  await expect(page).toHaveURL(`${BASE_URL}/workspaces/new`);
  await waitForHydration(page);
  await expect(page.getByLabel("Owner email")).toHaveValue(email);
  // The error is a sentence at the field, naming it by its label (never the schema path), and clears on editing.
  const avatar = page.getByLabel("Avatar URL (optional)");
  await avatar.fill("not a url");
  await page.getByRole("button", { name: "Create workspace" }).click();
  await expect(avatar).toHaveAttribute("aria-invalid", "true");
  await expect(avatar).toHaveAccessibleDescription("Avatar URL must be a valid URL.");
  await expect(page.getByRole("main").getByRole("alert")).toHaveCount(0);
  await screenshots(page, "console-workspace-new-invalid");
  await avatar.fill("");
  await expect(avatar).not.toHaveAttribute("aria-invalid");
  await page.getByLabel("Workspace name (optional)").fill("E2E workspace");
  await page.getByRole("button", { name: "Create workspace" }).click();
  // It lands on its first key's Getting started (e2e/console-first-call.spec.ts follows that path).
  await expect(page.getByRole("status").filter({ hasText: "Workspace created." })).toBeVisible();
  await expect(page).toHaveURL(/\/workspaces\/ws_[^/]+\/keys\/key_[^/]+$/);
  const workspaceId = new URL(page.url()).pathname.split("/")[2];
  await page.goto(`/workspaces/${workspaceId}`);
  await expect(page.getByRole("heading", { name: "E2E workspace", level: 1 })).toBeVisible();
  await expect(page.getByText("free plan")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Operator settings" })).toHaveCount(0);
  await page.getByRole("button", { name: "Reveal workspace auth token" }).click();
  await expect(page.getByLabel("Workspace auth token", { exact: true })).toHaveText(/^[0-9a-f]{64}$/);
  await screenshots(page, "console-workspace-overview");

  // A second workspace needs a paid root workspace: the domain's own message, shown inline.
  await page.goto("/workspaces/new");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Create workspace" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toHaveText(
    "Creating an additional workspace requires your root workspace to be on a paid plan (a production API key).",
  );
  await screenshots(page, "console-workspace-new-refused");

  await page.goto("/workspaces");
  await expect(page.getByRole("list", { name: "Workspaces" }).getByRole("listitem")).toHaveCount(1);
  await screenshots(page, "console-workspaces");

  // API keys: the workspace's first key is listed; create another.
  await page.goto(`/workspaces/${workspaceId}/keys`);
  await expect(page.getByRole("list", { name: "API keys" }).getByRole("listitem")).toHaveCount(1);
  await screenshots(page, "console-api-keys");
  await page.getByRole("link", { name: "New API key" }).click();
  await waitForHydration(page);
  await page.getByLabel("Type").selectOption("production");
  await expect(page.getByLabel("Persistence region")).toHaveValue("nam5");
  await screenshots(page, "console-api-key-new");
  await page.getByRole("button", { name: "Create API key" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toHaveText(
    "This workspace is not enabled for self-serve production API key creation.",
  );
  await page.getByLabel("Type").selectOption("testing");
  await page.getByLabel("Name (optional)").fill("E2E key");
  await page.getByLabel("Allowed domains (optional)").fill("example.com, app.example.com");
  await page.getByRole("button", { name: "Create API key" }).click();
  await expect(page.getByRole("heading", { name: "E2E key", level: 1 })).toBeVisible();
  const apiKey = lastSegment(page);
  expect(apiKey).toMatch(/^key_/);
  await waitForHydration(page);

  // Its settings are a page of their own in the sidebar.
  const keyNav = page.getByRole("navigation", { name: "API key" });
  await keyNav.getByRole("link", { name: "Settings" }).click();
  await expect(page).toHaveURL(`${BASE_URL}/workspaces/${workspaceId}/keys/${apiKey}/settings`);
  await waitForHydration(page);

  // Rename, by keyboard. Save is enabled only while there is a change; the confirmation is a toast that goes
  // away when dismissed.
  const name = page.getByLabel("Name", { exact: true });
  const saveName = page.getByRole("button", { name: "Save name" });
  await expect(saveName).toBeDisabled();
  await name.fill("E2E key renamed");
  await expect(saveName).toBeEnabled();
  await name.press("Enter");
  const toast = page.getByRole("status").filter({ hasText: "Name saved." });
  await expect(toast).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("E2E key renamed");
  await expect(saveName).toBeDisabled();
  await toast.getByRole("button", { name: "Dismiss" }).click();
  await expect(page.getByText("Name saved.")).toHaveCount(0);

  // The owner's feature switches (Space toggles a focused switch), saved with their Save button like every form.
  const advanced = page.getByRole("switch", { name: /Advanced queries/ });
  await expect(advanced).toBeChecked();
  await advanced.focus();
  await page.keyboard.press("Space");
  await expect(advanced).not.toBeChecked();
  await page.getByRole("button", { name: "Save features" }).click();
  await expect(page.getByText("Features saved.")).toBeVisible();
  // Toasts also go away by themselves.
  await expect(page.getByText("Features saved.")).toBeHidden({ timeout: 10_000 });
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByRole("switch", { name: /Advanced queries/ })).not.toBeChecked();

  // Allowed domains: add one; removing asks first, and Escape backs out.
  const domains = page.getByRole("list", { name: "Allowed domains" });
  await expect(domains.getByRole("listitem")).toHaveCount(2);
  // A phrase is one entry, refused at the field (it once became the domains "not" and "a").
  const addDomains = page.getByLabel("Add domains");
  await addDomains.fill("not a domain!!");
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await expect(addDomains).toHaveAttribute("aria-invalid", "true");
  await expect(addDomains).toHaveAccessibleDescription(/^“not a domain!!” is not a domain\./);
  await expect(domains.getByRole("listitem")).toHaveCount(2);
  await addDomains.fill("docs.example.com, app.example.com");
  await expect(addDomains).not.toHaveAttribute("aria-invalid");
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await expect(page.getByText("Added docs.example.com. Already allowed: app.example.com.")).toBeVisible();
  await expect(domains.getByRole("listitem")).toHaveCount(3);
  await page.getByRole("button", { name: "Remove example.com", exact: true }).click();
  const removeDialog = page.getByRole("dialog", { name: "Remove example.com?" });
  await expect(removeDialog).toBeVisible();
  await expect(removeDialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await screenshots(page, "console-confirm-remove-domain");
  await page.keyboard.press("Escape");
  await expect(removeDialog).toBeHidden();
  await expect(domains.getByRole("listitem")).toHaveCount(3);
  await page.getByRole("button", { name: "Remove example.com", exact: true }).click();
  await removeDialog.getByRole("button", { name: "Remove domain" }).click();
  await expect(page.getByText("Removed example.com.")).toBeVisible();
  await expect(domains.getByRole("listitem")).toHaveCount(2);

  // Reveal the token on the key's overview, then reset it after confirming.
  await keyNav.getByRole("link", { name: "Overview" }).click();
  await expect(page).toHaveURL(`${BASE_URL}/workspaces/${workspaceId}/keys/${apiKey}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Reveal auth token" }).click();
  const tokenBox = page.getByLabel("Auth token", { exact: true });
  await expect(tokenBox).toHaveText(/^[0-9a-f]{64}$/);
  const oldToken = (await tokenBox.textContent())!;
  await page.getByRole("button", { name: "Copy auth token" }).click();
  await expect(page.getByRole("button", { name: "Copy auth token" })).toHaveText("Copied");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(oldToken);
  expect((await getDomains(apiKey, oldToken)).status).toBe(200);

  await page.getByRole("button", { name: "Reset auth token" }).click();
  const resetDialog = page.getByRole("dialog", { name: "Reset the auth token?" });
  await expect(resetDialog).toBeVisible();
  await screenshots(page, "console-confirm-reset-token");
  await resetDialog.getByRole("button", { name: "Reset auth token" }).click();
  await expect(page.getByText("New auth token issued. The previous token no longer works.")).toBeVisible();
  await expect(tokenBox).not.toHaveText(oldToken);
  const newToken = (await tokenBox.textContent())!;
  expect(newToken).toMatch(/^[0-9a-f]{64}$/);
  await screenshots(page, "console-api-key");

  // The new token works over REST and sees the domains set in the console; the old one is refused.
  const ok = await getDomains(apiKey, newToken);
  expect(ok.status).toBe(200);
  const body = (await ok.json()) as { result: { data: { allowedDomains: string[] } } };
  expect(body.result.data.allowedDomains.sort()).toEqual(["app.example.com", "docs.example.com"]);
  const refused = await getDomains(apiKey, oldToken);
  expect(refused.status).toBe(403);

  // AI provider keys: set through the key's page, shown only masked, the same mask REST answers with.
  await keyNav.getByRole("link", { name: "AI provider keys" }).click();
  await expect(page).toHaveURL(`${BASE_URL}/workspaces/${workspaceId}/keys/${apiKey}/ai`);
  await waitForHydration(page);
  const providerKeys = page.getByRole("list", { name: "AI provider keys" });
  await expect(providerKeys.getByRole("listitem")).toHaveText([
    /OpenAI\s*Not set/,
    /Anthropic\s*Not set/,
    /Gemini\s*Not set/,
  ]);
  await page.getByRole("button", { name: "Save provider key" }).click();
  await expect(page.getByLabel("Provider API key")).toHaveAccessibleDescription(
    /^Provider API key must not be empty\./,
  );
  await expect(page.getByText("customerApiKey")).toHaveCount(0);
  const secret = "sk-proj-e2e-0123456789abcdef";
  await page.getByLabel("Provider", { exact: true }).selectOption("anthropic");
  await page.getByLabel("Provider API key").fill(secret);
  await page.getByLabel("Provider API key").press("Enter");
  await expect(page.getByText("Anthropic key saved.")).toBeVisible();
  await expect(page.getByLabel("Anthropic key (masked)")).toHaveText("sk-...def");
  await expect(page.getByLabel("Provider API key")).toHaveValue("");
  await page.reload();
  await expect(page.getByLabel("Anthropic key (masked)")).toHaveText("sk-...def");
  expect(await page.content()).not.toContain(secret);
  await screenshots(page, "console-ai-provider-keys");
  const config = await fetch(`${BASE_URL}/v2/workspace/apikeyconfig/get`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-service-api-key": apiKey, "x-service-auth-token": newToken },
    body: JSON.stringify({ data: {} }),
  });
  expect(config.status).toBe(200);
  expect((await config.json()).result.data.aiModelsConfig).toEqual({ anthropic: { displayText: "sk-...def" } });

  // The dev mailbox shows this owner's sign-in mail, link included.
  await page.getByRole("link", { name: "Mailbox" }).click();
  await expect(page).toHaveURL(`${BASE_URL}/mailbox`);
  const mail = page.getByRole("list", { name: "Mail" }).getByRole("listitem");
  await expect(mail).toHaveCount(1);
  await expect(mail).toContainText(`To ${email}`);
  // Keyboard: focus the summary, Enter opens the mail.
  await mail.locator("summary").focus();
  await page.keyboard.press("Enter");
  await expect(mail.getByRole("link", { name: /\/api\/auth\/callback\/email/ })).toBeVisible();
  await screenshots(page, "console-mailbox");

  // Sign out: back to the form, and console pages ask to sign in again.
  await waitForHydration(page);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByLabel("Email")).toBeVisible();
  await page.goto(`/workspaces/${workspaceId}/keys/${apiKey}`);
  expect(new URL(page.url()).searchParams.get("callbackUrl")).toBe(`/workspaces/${workspaceId}/keys/${apiKey}`);
  await expect(page.getByLabel("Email")).toBeVisible();
});
