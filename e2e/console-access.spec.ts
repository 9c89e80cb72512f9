import { expect, test } from "@playwright/test";
import { createWorkspaceOverRest, OPERATOR_EMAIL, screenshots, signInAs, uniqueEmail, waitForHydration } from "./support";

// Who sees what: an owner only their own workspaces (another owner's answers 404 by URL, like one that does
// not exist); an operator every workspace, with the plan and production-key settings.

test("a signed-in owner cannot open another owner's workspace or key by URL", async ({ page, request }) => {
  const mine = await createWorkspaceOverRest(request, uniqueEmail("mine"));
  void mine;
});
