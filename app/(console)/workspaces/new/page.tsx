import { PageHeader } from "@/components/console/page-header";
import { CreateWorkspaceForm } from "@/components/console/workspaces/create-workspace-form";
import { requireViewer } from "@/lib/console/viewer";

export const metadata = { title: "New workspace · weft" };

export default async function NewWorkspacePage() {
  const viewer = await requireViewer();
  return (
    <>
      <PageHeader title="New workspace" crumbs={[{ href: "/workspaces", label: "Workspaces" }]} />
      <CreateWorkspaceForm ownerEmail={viewer.email} operator={viewer.operator} />
    </>
  );
}
