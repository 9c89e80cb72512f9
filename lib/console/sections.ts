// The console's section tabs, in one place. Each entry is a page under its base path (a workspace's
// `/workspaces/<id>`, a key's `/workspaces/<id>/keys/<keyId>`); a new settings page is one route folder plus one
// line here.

export interface Section {
  id: string;
  label: string;
  /** Appended to the base path ("" for the base page itself). */
  path: string;
}

export const WORKSPACE_SECTIONS = [
  { id: "overview", label: "Overview", path: "" },
  { id: "keys", label: "API keys", path: "/keys" },
  { id: "members", label: "Members", path: "/members" },
  { id: "audit", label: "Audit log", path: "/audit" },
] as const satisfies readonly Section[];

export const API_KEY_SECTIONS = [
  { id: "settings", label: "Key settings", path: "" },
  { id: "data", label: "Data", path: "/data" },
  { id: "ai", label: "AI provider keys", path: "/ai" },
  { id: "email", label: "Email", path: "/email" },
  { id: "webhooks", label: "Webhooks", path: "/webhooks" },
  { id: "advanced-webhooks", label: "Advanced webhooks", path: "/advanced-webhooks" },
  { id: "requests", label: "Request log", path: "/requests" },
  { id: "usage", label: "Usage", path: "/usage" },
  { id: "email-log", label: "Email log", path: "/email-log" },
] as const satisfies readonly Section[];

export type WorkspaceSectionId = (typeof WORKSPACE_SECTIONS)[number]["id"];

export const workspaceBase = (workspaceId: string) => `/workspaces/${encodeURIComponent(workspaceId)}`;
export const apiKeyBase = (workspaceId: string, apiKeyId: string) =>
  `${workspaceBase(workspaceId)}/keys/${encodeURIComponent(apiKeyId)}`;
