import Link from "next/link";
import { HydrateClient } from "@/components/console/hydrate-client";
import { PageHeader } from "@/components/console/page-header";
import { ui } from "@/components/console/styles";
import { WorkspaceSearch } from "@/components/console/workspaces/workspace-search";
import { workspacePage } from "@/lib/console/query-inputs";
import { load, trpc } from "@/lib/console/router/server";
import { requireViewer } from "@/lib/console/viewer";

export const metadata = { title: "Workspaces · weft" };

export default async function WorkspacesPage() {
  const viewer = await requireViewer();
  await load(trpc.workspaces.list.queryOptions(workspacePage("")));
  return (
    <HydrateClient>
      <PageHeader
        title="Workspaces"
        description={
          viewer.operator
            ? "Every workspace on this instance: you are an operator."
            : `The workspaces owned by ${viewer.email}.`
        }
        actions={
          <Link href="/workspaces/new" className={ui.primary}>
            New workspace
          </Link>
        }
      />
      <WorkspaceSearch showOwner={viewer.operator} />
    </HydrateClient>
  );
}
