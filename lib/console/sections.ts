// The console sidebar's sections, in one place. Each entry is a page under its base path (a workspace's
// `/workspaces/<id>`, a key's `/workspaces/<id>/keys/<keyId>`); a new page is one route folder plus one line here.

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
  { id: "overview", label: "Overview", path: "" },
  { id: "data", label: "Data", path: "/data" },
  { id: "requests", label: "Request log", path: "/requests" },
  { id: "usage", label: "Usage", path: "/usage" },
  { id: "webhooks", label: "Webhooks", path: "/webhooks" },
  { id: "advanced-webhooks", label: "Advanced webhooks", path: "/advanced-webhooks" },
  { id: "email", label: "Email", path: "/email" },
  { id: "email-log", label: "Email log", path: "/email-log" },
  { id: "ai", label: "AI provider keys", path: "/ai" },
  { id: "settings", label: "Settings", path: "/settings" },
] as const satisfies readonly Section[];

/** The section a page belongs to: the one whose path is the first segment below the base (`segment` undefined for
 * the base page itself). */
export function currentSection<S extends Section>(sections: readonly S[], segment: string | undefined): S | undefined {
  return sections.find((s) => s.path === (segment ? `/${segment}` : ""));
}

export const workspaceBase = (workspaceId: string) => `/workspaces/${encodeURIComponent(workspaceId)}`;
export const apiKeyBase = (workspaceId: string, apiKeyId: string) =>
  `${workspaceBase(workspaceId)}/keys/${encodeURIComponent(apiKeyId)}`;
