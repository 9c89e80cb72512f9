import type { ReactNode } from "react";
import { ApiKeyTabs } from "@/components/console/api-keys/api-key-tabs";
import { KeyTypeBadge } from "@/components/console/api-keys/key-type-badge";
import { HydrateClient } from "@/components/console/hydrate-client";
import { PageHeader } from "@/components/console/page-header";
import { keyInput, workspaceInput } from "@/lib/console/query-inputs";
import { load, trpc } from "@/lib/console/router/server";
import { requireViewer } from "@/lib/console/viewer";

// The frame of a key's pages: its name and type, the trail up to the workspace, the section tabs. Another
// owner's key (or one of another workspace) is the console's 404, like one that does not exist.

export default async function ApiKeyLayout({
  params,
  children,
}: {
  params: Promise<{ id: string; keyId: string }>;
  children: ReactNode;
}) {
  const { id, keyId } = await params;
  await requireViewer();
  const [ws, key] = await Promise.all([
    load(trpc.workspaces.get.queryOptions(workspaceInput(id))),
    load(trpc.apiKeys.get.queryOptions(keyInput(id, keyId))),
  ]);
  return (
    <HydrateClient>
      <PageHeader
        title={key.name}
        crumbs={[
          { href: "/workspaces", label: "Workspaces" },
          { href: `/workspaces/${ws.id}`, label: ws.name },
          { href: `/workspaces/${ws.id}/keys`, label: "API keys" },
        ]}
        description={<KeyTypeBadge type={key.type} />}
      />
      <ApiKeyTabs workspaceId={ws.id} apiKeyId={key.id} />
      {children}
    </HydrateClient>
  );
}
