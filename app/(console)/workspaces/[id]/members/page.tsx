import { HydrateClient } from "@/components/console/hydrate-client";
import { PageHeader } from "@/components/console/page-header";
import { Members } from "@/components/console/teams/members";
import { workspaceInput } from "@/lib/console/query-inputs";
import { load, trpc } from "@/lib/console/router/server";
import { requireViewer } from "@/lib/console/viewer";

export const metadata = { title: "Members · weft" };

export default async function MembersPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  await requireViewer();
  const [ws] = await Promise.all([
    load(trpc.workspaces.get.queryOptions(workspaceInput(id))),
    load(trpc.teams.members.queryOptions(workspaceInput(id))),
  ]);
  return (
    <HydrateClient>
      <PageHeader title="Members" />
      <Members workspaceId={ws.id} role={ws.role} />
    </HydrateClient>
  );
}
