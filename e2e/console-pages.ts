// Every console page with a URL, for the specs that visit them all (screenshots, zero console errors).
// `ctx` names a workspace and one of its keys.

export interface ConsolePageContext {
  workspaceId: string;
  apiKeyId: string;
}

export interface ConsolePage {
  name: string;
  path(ctx: ConsolePageContext): string;
}

const key = (c: ConsolePageContext) => `/workspaces/${c.workspaceId}/keys/${c.apiKeyId}`;

export const consolePages: ConsolePage[] = [
  { name: "workspaces", path: () => "/workspaces" },
  { name: "workspace", path: (c) => `/workspaces/${c.workspaceId}` },
  { name: "api-keys", path: (c) => `/workspaces/${c.workspaceId}/keys` },
  { name: "api-key", path: key },
  { name: "api-key-ai", path: (c) => `${key(c)}/ai` },
  { name: "api-key-email", path: (c) => `${key(c)}/email` },
  { name: "api-key-webhooks", path: (c) => `${key(c)}/webhooks` },
  { name: "api-key-advanced-webhooks", path: (c) => `${key(c)}/advanced-webhooks` },
  { name: "api-key-requests", path: (c) => `${key(c)}/requests` },
  { name: "api-key-usage", path: (c) => `${key(c)}/usage` },
  { name: "api-key-email-log", path: (c) => `${key(c)}/email-log` },
];
