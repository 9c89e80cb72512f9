// Every console page, for the page tour (console-pages.spec.ts): loaded at 1280 and 375 px, in both colour
// schemes, with zero console errors, no sideways scrolling and a screenshot each. A new console page is one
// line here (and one line in docs/console.md, which embeds its screenshots).

export interface ConsolePageContext {
  workspaceId: string;
  apiKeyId: string;
  /** An advanced webhook endpoint of the key (the tour's seed makes one). */
  endpointId?: string;
  /** A request log row of the key (its call detail page). */
  callId: string;
}

export interface ConsolePage {
  /** Screenshot file stem: e2e/screenshots/<name>-<width>-<scheme>.png */
  name: string;
  path(ctx: ConsolePageContext): string;
  /** The page answers 404 on purpose. */
  notFound?: boolean;
  /** What shows once the page's client-side content has rendered, when that comes after its title. */
  ready?: string;
  /**
   * axe rules a third-party renderer's subtree breaks that its options and theme cannot fix: the tour checks
   * the rest of the page with every rule and that subtree with all the others.
   */
  axeKnown?: { within: string; rules: string[]; why: string };
  /** The page shows what only the tour's seed stores (an endpoint, an organization's document): other loops skip it. */
  needsTourSeed?: boolean;
}

const ws = (c: ConsolePageContext) => `/workspaces/${c.workspaceId}`;
const key = (c: ConsolePageContext) => `${ws(c)}/keys/${c.apiKeyId}`;

export const consolePages: ConsolePage[] = [
  { name: "landing", path: () => "/" },
  { name: "workspaces", path: () => "/workspaces" },
  { name: "workspace-new", path: () => "/workspaces/new" },
  { name: "workspace", path: ws },
  { name: "api-keys", path: (c) => `${ws(c)}/keys` },
  { name: "workspace-members", path: (c) => `${ws(c)}/members` },
  { name: "workspace-audit", path: (c) => `${ws(c)}/audit` },
  { name: "api-key-new", path: (c) => `${ws(c)}/keys/new` },
  { name: "api-key", path: key },
  { name: "api-key-settings", path: (c) => `${key(c)}/settings` },
  { name: "api-key-data", path: (c) => `${key(c)}/data` },
  // The tour's seed stores organization "tour-org" with folder "specs" and document "plan" (console-pages.spec.ts).
  { name: "api-key-data-organization", path: (c) => `${key(c)}/data?org=tour-org`, needsTourSeed: true },
  { name: "api-key-data-document", path: (c) => `${key(c)}/data?org=tour-org&doc=plan`, needsTourSeed: true },
  { name: "api-key-ai", path: (c) => `${key(c)}/ai` },
  { name: "api-key-email", path: (c) => `${key(c)}/email` },
  { name: "api-key-webhooks", path: (c) => `${key(c)}/webhooks` },
  { name: "api-key-advanced-webhooks", path: (c) => `${key(c)}/advanced-webhooks` },
  {
    name: "api-key-webhook-endpoint",
    path: (c) => `${key(c)}/advanced-webhooks/endpoints/${c.endpointId}`,
    needsTourSeed: true,
  },
  { name: "api-key-webhook-events", path: (c) => `${key(c)}/advanced-webhooks/events` },
  { name: "api-key-requests", path: (c) => `${key(c)}/requests` },
  { name: "api-key-request", path: (c) => `${key(c)}/requests/${c.callId}` },
  { name: "api-key-usage", path: (c) => `${key(c)}/usage` },
  { name: "api-key-email-log", path: (c) => `${key(c)}/email-log` },
  { name: "mailbox", path: () => "/mailbox" },
  {
    name: "api-reference",
    path: () => "/api-reference",
    ready: ".redoc-wrap",
    axeKnown: {
      within: ".redoc-wrap",
      rules: ["heading-order", "label-content-name-mismatch", "target-size"],
      why:
        "Redoc's markup: h5 section labels under h2 operations, menu items whose aria-label is the whole summary, " +
        "and 15 px JSON expand buttons stacked a line apart (its boolean colour is fixed in app/globals.css)",
    },
  },
  { name: "live-demo", path: (c) => `/live-demo?key=${encodeURIComponent(c.apiKeyId)}` },
  { name: "not-found-console", path: () => "/workspaces/ws_doesnotexist", notFound: true },
  { name: "not-found", path: () => "/no-such-page", notFound: true },
];
