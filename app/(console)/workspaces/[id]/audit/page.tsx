import { AuditLog } from "@/components/console/audit/audit-log";
import { HydrateClient } from "@/components/console/hydrate-client";
import { PageHeader } from "@/components/console/page-header";
import { ui } from "@/components/console/styles";
import { mayDo } from "@/lib/domain/teams/roles";
import { workspaceInput } from "@/lib/console/query-inputs";
import { load, trpc } from "@/lib/console/router/server";
import { requireViewer } from "@/lib/console/viewer";

export const metadata = { title: "Audit log · weft" };

export default async function AuditPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  await requireViewer();
  const ws = await load(trpc.workspaces.get.queryOptions(workspaceInput(id)));
  return (
    <HydrateClient>
      <PageHeader title="Audit log" />
      {mayDo(ws.role, "manage") ? (
        <AuditLog workspaceId={ws.id} />
      ) : (
        <p className={`${ui.card} text-zinc-600`}>
          Only the workspace&apos;s admins and owners can read its audit log.
        </p>
      )}
    </HydrateClient>
  );
}
