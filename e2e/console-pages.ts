// Every console page, for the page tour (console-pages.spec.ts): loaded at 1280 and 375 px, in both colour
// schemes, with zero console errors, no sideways scrolling and a screenshot each. A new console page is one
// line here (and one line in docs/console.md, which embeds its screenshots).

export interface PageContext {
  workspaceId: string;
  apiKey: string;
}

export interface ConsolePage {
  /** Screenshot file stem: e2e/screenshots/<name>-<width>-<scheme>.png */
  name: string;
  path(ctx: PageContext): string;
  /** The page answers 404 on purpose. */
  notFound?: boolean;
}

const ws = (c: PageContext) => `/workspaces/${c.workspaceId}`;
const key = (c: PageContext) => `${ws(c)}/keys/${c.apiKey}`;

export const consolePages: ConsolePage[] = [
  { name: "landing", path: () => "/" },
  { name: "workspaces", path: () => "/workspaces" },
  { name: "workspace-new", path: () => "/workspaces/new" },
  { name: "workspace", path: ws },
  { name: "api-keys", path: (c) => `${ws(c)}/keys` },
  { name: "api-key-new", path: (c) => `${ws(c)}/keys/new` },
  { name: "api-key", path: key },
  { name: "ai-provider-keys", path: (c) => `${key(c)}/ai` },
  { name: "email", path: (c) => `${key(c)}/email` },
  { name: "webhooks", path: (c) => `${key(c)}/webhooks` },
  { name: "advanced-webhooks", path: (c) => `${key(c)}/advanced-webhooks` },
  { name: "mailbox", path: () => "/mailbox" },
  { name: "live-demo", path: (c) => `/live-demo?key=${encodeURIComponent(c.apiKey)}` },
  { name: "not-found-console", path: () => "/workspaces/ws_doesnotexist", notFound: true },
  { name: "not-found", path: () => "/no-such-page", notFound: true },
];
