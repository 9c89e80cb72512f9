import Link from "next/link";
import { ApiKeyList } from "@/components/console/api-keys/api-key-list";
import { PageHeader } from "@/components/console/page-header";
import { ui } from "@/components/console/styles";
import { WorkspaceTabs } from "@/components/console/workspaces/workspace-tabs";
import { loadWorkspacePage } from "@/lib/console/page-data";
import { PAGE_SIZE } from "@/lib/console/page-size";
import { getApiKeys } from "@/lib/domain/api-keys/get-api-keys";
import { db } from "@/lib/infra/db";

export const metadata = { title: "API keys · weft" };

export default async function ApiKeysPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { workspace: ws, scope } = await loadWorkspacePage(id, "/keys");
  const firstPage = await getApiKeys(scope, { pageSize: PAGE_SIZE }, db());
  return (
    <>
      <PageHeader
        title={ws.name}
        crumbs={[{ href: "/workspaces", label: "Workspaces" }]}
        actions={
          <Link href={`/workspaces/${ws.id}/keys/new`} className={ui.primary}>
            New API key
          </Link>
        }
      />
      <WorkspaceTabs workspaceId={ws.id} current="keys" />
      <ApiKeyList workspaceId={ws.id} initialPage={firstPage} />
    </>
  );
}
