import type { ReactNode } from "react";
import { HydrateClient } from "@/components/console/hydrate-client";
import { WorkspaceSidebar } from "@/components/console/sidebar/workspace-sidebar";
import { apiKeyPage, workspaceInput, workspacePage } from "@/lib/console/query-inputs";
import { load, trpc } from "@/lib/console/router/server";
import { requireViewer } from "@/lib/console/viewer";

// The frame of a workspace's pages and its keys' pages: the sidebar (workspace and key switchers, their
// sections) beside the page. Another owner's workspace is the console's 404, like one that does not exist.

export default async function WorkspaceLayout({
  params,
  children,
}: {
  params: Promise<{ id: string }>;
  children: ReactNode;
}) {
  const { id } = await params;
  await requireViewer();
  await Promise.all([
    load(trpc.workspaces.get.queryOptions(workspaceInput(id))),
    load(trpc.workspaces.list.queryOptions(workspacePage(""))),
    load(trpc.v2.workspace.apikeys.get.queryOptions(apiKeyPage(id))),
  ]);
  return (
    <div className="lg:flex lg:gap-10">
      <HydrateClient>
        <WorkspaceSidebar workspaceId={id} />
      </HydrateClient>
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}
