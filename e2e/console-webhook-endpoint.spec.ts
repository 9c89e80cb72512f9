import { startReceiver } from "../tests/helpers/webhook-receiver";
import { expect, test } from "./fixtures";
import { BASE_URL, rest, signInAs, uniqueEmail, waitForHydration } from "./support";

// An advanced webhook endpoint's own page: from the endpoint table to the page, its signing secret handed to a
// receiver on 127.0.0.1 that verifies every request with the standardwebhooks package, an example of a chosen
// event type sent from the page, its attempt in the page's live log (numbered, labelled "test", to the second),
// "Recover failed messages since …" and its answer; then the event catalog's schema and example of that type.

/** A workspace whose key has advanced webhooks on and one endpoint (comment.add only) on the receiver. */
async function workspaceWithEndpoint(ownerEmail: string, url: string) {
  const ws = await rest("/v2/workspace/create", { ownerEmail, workspaceName: "Webhook endpoint e2e" });
  const apiKey = Object.keys(ws.apiKeyList)[0];
  const wsHeaders = { "x-service-workspace-id": ws.id, "x-service-workspace-auth-token": ws.authToken };
  const tokens = await rest("/v2/workspace/authtokens/get", { apiKey }, wsHeaders);
  const key = { "x-service-api-key": apiKey, "x-service-auth-token": tokens.authTokens[0].token };
  await rest("/v2/workspace/advancedwebhookconfig/update", { isEnabled: true }, key);
  const endpoint = await rest(
    "/v2/workspace/advancedwebhook/endpoints/create",
    { url, description: "Verifying receiver", filterTypes: ["comment.add"] },
    key,
  );
  return { workspaceId: ws.id as string, apiKeyId: apiKey, endpointId: endpoint.id as string };
}

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test("an endpoint's page sends an example of a chosen event type that verifies, and the catalog shows its schema", async ({
  page,
}) => {
  const receiver = await startReceiver();
  try {
    const email = uniqueEmail("webhook-endpoint");
    const ctx = await workspaceWithEndpoint(email, receiver.url);
    const base = `/workspaces/${ctx.workspaceId}/keys/${ctx.apiKeyId}/advanced-webhooks`;
    await signInAs(page, email, base);
    await waitForHydration(page);

    // The endpoint table links to the endpoint's page.
    await page.getByRole("list", { name: "Endpoints" }).getByRole("link", { name: receiver.url }).click();
    await expect(page).toHaveURL(`${BASE_URL}${base}/endpoints/${ctx.endpointId}`);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { name: "Verifying receiver" })).toBeVisible();
    await expect(page.getByText("No attempts yet", { exact: true })).toBeVisible();
    await expect(page.getByRole("img", { name: /^Attempts per hour from .*: 0 succeeded, 0 failed$/ })).toBeVisible();

    // Its signing secret, revealed after confirming, is the one the receiver verifies with.
    await page.getByRole("button", { name: `Reveal signing secret of ${receiver.url}` }).click();
    await page
      .getByRole("dialog", { name: "Reveal the signing secret?" })
      .getByRole("button", { name: "Reveal secret" })
      .click();
    const secretBox = page.getByLabel(`Signing secret of ${receiver.url}`, { exact: true });
    await expect(secretBox).toHaveText(/^whsec_/);
    receiver.setSecrets([(await secretBox.textContent())!]);

    // Send an example of a chosen type, one the endpoint's filter does not even take.
    const send = page.getByRole("form", { name: "Send example" });
    await send.getByLabel("Event type").selectOption("reaction.add");
    await send.getByRole("button", { name: "Send example" }).click();
    const toast = page.locator("[data-toast=success]").filter({ hasText: /^Example reaction\.add sent as msg_/ });
    await expect(toast).toBeVisible();

    // The receiver got it, signed: standardwebhooks verified it with the revealed secret.
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBe(1);
    expect(receiver.rejected).toEqual([]);
    expect(receiver.received[0].verifiedWith).toEqual([0]);
    expect(receiver.received[0].json).toMatchObject({ type: "reaction.add" });

    // The page's log shows it live, its delivery badge clear of the toast, its attempt numbered and labelled.
    const message = page
      .getByRole("list", { name: "Messages" })
      .getByRole("listitem")
      .filter({ hasText: "reaction.add" });
    await expect(message).toHaveCount(1, { timeout: 20_000 });
    const badge = message.getByText("Verifying receiver: success");
    await expect(badge).toBeVisible({ timeout: 20_000 });
    const toastBox = await toast.boundingBox();
    if (toastBox) expect(overlaps(toastBox, (await badge.boundingBox())!)).toBe(false);
    await message.locator("summary").first().click();
    const attempts = message.getByRole("list", { name: /^Attempts of / }).getByRole("listitem");
    await expect(attempts).toHaveCount(1);
    await expect(attempts).toContainText("HTTP 200");
    await expect(attempts).toContainText("Attempt 1 · test");
    await expect(attempts.locator("time")).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC$/);
    await expect(page.getByText("Working", { exact: true })).toBeVisible();

    // Recover: nothing failed for good, and the page says so.
    const recover = page.getByRole("form", { name: "Recover failed messages" });
    await recover.getByLabel("Recover failed messages since (UTC)").fill("2026-01-01T00:00:00");
    await recover.getByRole("button", { name: "Recover" }).click();
    await expect(recover.getByRole("status")).toHaveText("No message failed for good since 2026-01-01 00:00:00 UTC.");

    // The event catalog: the chosen type's example body and JSON Schema, as the server builds them.
    await page.getByRole("navigation", { name: "Webhooks" }).getByRole("link", { name: "Event catalog" }).click();
    await expect(page).toHaveURL(`${BASE_URL}${base}/events`);
    const reaction = page.getByRole("listitem", { name: /Reaction added/ });
    await expect(reaction.getByLabel("Example body of reaction.add")).toContainText('"type": "reaction.add"');
    await expect(reaction.getByLabel("JSON Schema of reaction.add")).toContainText('"const": "reaction.add"');
    await expect(page.getByRole("listitem", { name: /webhook\.test/ })).toBeVisible();
  } finally {
    await receiver.close();
  }
});
