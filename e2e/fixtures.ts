import { expect, test as base, type BrowserContext, type ConsoleMessage } from "@playwright/test";

// Every spec imports `test` and `expect` from here: the test fails on any console error or warning (React
// reports hydration mismatches and its warnings there, Chromium a Content Security Policy violation), any
// uncaught page error, in every page of the test's browser context. A test that provokes an error on purpose (a 404 page's document request) names it in
// `allowConsole`.

/** Whether a message is one the test expects; matched against "<text> (<url>)". */
type Allow = RegExp[];

interface Fixtures {
  /** Patterns of console messages this test expects (e.g. the 404 a not-found page answers with). */
  allowConsole: Allow;
  /** Messages seen so far; the fixture asserts it is empty after the test. */
  consoleProblems: string[];
}

function describe(m: ConsoleMessage): string {
  const where = m.location().url;
  return `${m.type()}: ${m.text()}${where ? ` (${where})` : ""}`;
}

export function watchContext(context: BrowserContext, allow: Allow, problems: string[]) {
  context.on("console", (m) => {
    if (m.type() !== "error" && m.type() !== "warning") return;
    const text = describe(m);
    if (!allow.some((re) => re.test(text))) problems.push(text);
  });
  context.on("weberror", (e) => {
    const text = `page error: ${e.error().message}`;
    if (!allow.some((re) => re.test(text))) problems.push(text);
  });
}

export const test = base.extend<Fixtures>({
  allowConsole: [[], { option: true }],
  consoleProblems: async ({ context, allowConsole }, use) => {
    const problems: string[] = [];
    watchContext(context, allowConsole, problems);
    await use(problems);
  },
  // Every test that opens a page gets the watch, whether it asks for `consoleProblems` or not.
  page: async ({ page, consoleProblems }, use) => {
    await use(page);
    expect(consoleProblems, "console errors, warnings or page errors").toEqual([]);
  },
});

export { expect };
