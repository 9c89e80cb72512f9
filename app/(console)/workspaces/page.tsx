import Link from "next/link";
import { PageHeader } from "@/components/console/page-header";
import { ui } from "@/components/console/styles";
import { WorkspaceSearch } from "@/components/console/workspaces/workspace-search";
import { PAGE_SIZE } from "@/lib/console/page-size";
import { requireViewer } from "@/lib/console/viewer";
import { listWorkspacePage } from "@/lib/domain/workspaces/list-workspace-page";
import { db } from "@/lib/infra/db";

export const metadata = { title: "Workspaces · weft" };

export default async function WorkspacesPage() {
  const viewer = await requireViewer("/workspaces");
  const firstPage = await listWorkspacePage(viewer.scope, { pageSize: PAGE_SIZE }, db());
  return (
    <>
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
      <WorkspaceSearch initialPage={firstPage} showOwner={viewer.operator} />
    </>
  );
}
