import { execFile } from "node:child_process";
import { mkdtemp, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test } from "./fixtures";
import { BASE_URL, signInAs, uniqueEmail, waitForHydration } from "./support";

// The new developer's first call in one path: create a workspace in the console, land on its key's Getting
// started with a toast, reveal the token, run the snippets as pasted (Node, Python, curl) and see the check
// turn green.

const run = promisify(execFile);

/** Runs a snippet the way its note says, with the token in the environment as the setup line puts it. */
async function runSnippet(kind: "node" | "python" | "curl", code: string, token: string) {
  const dir = await mkdtemp(path.join(os.tmpdir(), "weft-first-call-"));
  const file = path.join(dir, { node: "first-call.mjs", python: "first_call.py", curl: "first-call.sh" }[kind]);
  await writeFile(file, code);
  const command = { node: "node", python: "python3", curl: "sh" }[kind];
  // Plain output, as in a terminal of the user's (Playwright's FORCE_COLOR would colour Node's console.log).
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: "1", WEFT_AUTH_TOKEN: token };
  delete env.FORCE_COLOR;
  const { stdout } = await run(command, [file], { env });
  return stdout;
}

test("a new workspace lands on its key's Getting started, and the pasted snippets make the first call", async ({
  page,
}) => {
  const email = uniqueEmail("first-call");
  await signInAs(page, email, "/workspaces/new");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Create workspace" }).click();

  await expect(page.getByRole("status").filter({ hasText: "Workspace created." })).toBeVisible();
  await expect(page).toHaveURL(/\/workspaces\/ws_[^/]+\/keys\/key_[^/]+$/);
  const start = page.getByRole("region", { name: "Getting started" });
  await expect(start).toBeVisible();
  await waitForHydration(page);
  const check = page.getByRole("status").filter({ hasText: "first successful call" });
  await expect(check).toHaveAttribute("data-state", "waiting");

  // The live demo is one click away.
  const apiKey = new URL(page.url()).pathname.split("/").pop()!;
  await expect(start.getByRole("link", { name: "live demo with this key" })).toHaveAttribute(
    "href",
    `/live-demo?key=${apiKey}`,
  );

  // No snippet carries the token; the setup line shows it once revealed.
  const setup = start.getByLabel("Auth token setup", { exact: true });
  await expect(setup).not.toContainText(/[0-9a-f]{32}/);
  await start.getByRole("button", { name: "Reveal the auth token" }).click();
  await expect(setup).toHaveText(/^export WEFT_AUTH_TOKEN='[0-9a-f]{64}'$/);
  const token = /'([^']+)'/.exec((await setup.textContent())!)![1];

  const tabs = start.getByRole("tablist", { name: "Language" });
  const code = start.getByLabel("First call", { exact: true });
  const snippet = async (tab: string) => {
    await tabs.getByRole("tab", { name: tab }).click();
    await expect(tabs.getByRole("tab", { name: tab })).toHaveAttribute("aria-selected", "true");
    const text = (await code.textContent())!;
    expect(text).toContain(BASE_URL);
    expect(text).toContain(apiKey);
    expect(text).not.toContain(token);
    return text;
  };

  const node = await runSnippet("node", await snippet("Node (fetch)"), token);
  expect(node).toMatch(/^200 /);
  await expect(page.getByRole("status").filter({ hasText: "First successful call received." })).toBeVisible({
    timeout: 20_000,
  });
  await expect(check).toHaveAttribute("data-state", "done");

  expect(await runSnippet("python", await snippet("Python"), token)).toMatch(/^200 /);
  expect(JSON.parse(await runSnippet("curl", await snippet("curl"), token)).result.status).toBe("success");
  // The typed client takes its types from the served OpenAPI document.
  expect(await snippet("Node (typed client)")).toContain("createClient<paths>");
  await expect(start.getByRole("tabpanel")).toContainText(`${BASE_URL}/api/openapi.json`);
});
