import "server-only";
import { notFound } from "next/navigation";
import { DomainError } from "@/lib/domain/errors";
import { getApiKeyDetails } from "@/lib/domain/api-keys/get-api-key-details";
import type { ApiKeyScope, WorkspaceScope } from "@/lib/domain/scope";
import { getVisibleWorkspace } from "@/lib/domain/workspaces/get-visible-workspace";
import { db } from "@/lib/infra/db";
import { requireViewer } from "./viewer";

/** NOT_FOUND from a domain read becomes the console's 404 page. */
export async function orNotFound<T>(read: Promise<T>): Promise<T> {
  try {
    return await read;
  } catch (e) {
    if (e instanceof DomainError && e.status === "NOT_FOUND") notFound();
    throw e;
  }
}

/**
 * What every workspace page starts with: the viewer (or a redirect to sign in, back to this page), and the
 * workspace if the viewer may see it (404 otherwise, also for another owner's workspace).
 */
export async function loadWorkspacePage(workspaceId: string, subpath = "") {
  const viewer = await requireViewer(`/workspaces/${encodeURIComponent(workspaceId)}${subpath}`);
  const workspace = await orNotFound(getVisibleWorkspace(viewer.scope, { workspaceId }, db()));
  const scope: WorkspaceScope = { level: "workspace", workspaceId: workspace.id };
  return { viewer, workspace, scope };
}

/** The same for a key's page (`subpath` below the key's): the key must belong to that workspace (404 otherwise). */
export async function loadApiKeyPage(workspaceId: string, apiKeyId: string, subpath = "") {
  const page = await loadWorkspacePage(workspaceId, `/keys/${encodeURIComponent(apiKeyId)}${subpath}`);
  const key = await orNotFound(getApiKeyDetails(page.scope, { apiKey: apiKeyId }, db()));
  const keyScope: ApiKeyScope = { level: "apiKey", workspaceId: page.workspace.id, apiKeyId: key.id };
  return { ...page, key, keyScope };
}

/** The trail from the workspace list down to a key's pages. */
export function apiKeyCrumbs(ws: { id: string; name: string }) {
  return [
    { href: "/workspaces", label: "Workspaces" },
    { href: `/workspaces/${ws.id}`, label: ws.name },
    { href: `/workspaces/${ws.id}/keys`, label: "API keys" },
  ];
}
