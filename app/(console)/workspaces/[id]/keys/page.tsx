import Link from "next/link";
import { ApiKeyList } from "@/components/console/api-keys/api-key-list";
import { HydrateClient } from "@/components/console/hydrate-client";
import { PageHeader } from "@/components/console/page-header";
import { ui } from "@/components/console/styles";
import { apiKeyPage, workspaceInput } from "@/lib/console/query-inputs";
import { load, trpc } from "@/lib/console/router/server";
import { requireViewer } from "@/lib/console/viewer";

export const metadata = { title: "API keys · weft" };

export default async function ApiKeysPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  await requireViewer();
  const [ws] = await Promise.all([
    load(trpc.workspaces.get.queryOptions(workspaceInput(id))),
    load(trpc.v2.workspace.apikeys.get.queryOptions(apiKeyPage(id))),
  ]);
  return (
    <HydrateClient>
      <PageHeader
        title="API keys"

        actions={
          <Link href={`/workspaces/${ws.id}/keys/new`} className={ui.primary}>
            New API key
          </Link>
        }
      />
      <ApiKeyList workspaceId={ws.id} />
    </HydrateClient>
  );
}
