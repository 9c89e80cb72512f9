import { expect, test } from "@playwright/test";

// Imported by every spec (not by support.ts, which playwright.config.ts loads): a test fails on any Content
// Security Policy violation in a page of its context. The console's CSP (lib/console/security-headers.ts)
// shows a blocked script or style as a console error.
let cspViolations: string[] = [];
test.beforeEach(async ({ context }) => {
  cspViolations = [];
  context.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
  });
});
test.afterEach(() => {
  expect(cspViolations, "Content Security Policy violations").toEqual([]);
});
