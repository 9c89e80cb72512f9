import { DetailsList } from "@/components/console/details-list";
import { CopyButton } from "@/components/console/copy-button";
import { DangerZone } from "@/components/console/danger-zone";
import { HydrateClient } from "@/components/console/hydrate-client";
import { PageHeader } from "@/components/console/page-header";
import { ui } from "@/components/console/styles";
import { DeleteWorkspace } from "@/components/console/workspaces/delete-workspace";
import { LeftByTokenHolders } from "@/components/console/workspaces/left-by-token-holders";
import { PlanBadge } from "@/components/console/workspaces/plan-badge";
import { RotateTokens } from "@/components/console/workspaces/rotate-tokens";
import { WorkspaceSettingsForm } from "@/components/console/workspaces/workspace-settings-form";
import { WorkspaceToken } from "@/components/console/workspaces/workspace-token";
import { formatTime } from "@/lib/console/format";
import { workspaceInput } from "@/lib/console/query-inputs";
import { load, trpc } from "@/lib/console/router/server";
import { requireViewer } from "@/lib/console/viewer";

export const metadata = { title: "Workspace · weft" };

export default async function WorkspaceOverviewPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const viewer = await requireViewer();
  const ws = await load(trpc.workspaces.get.queryOptions(workspaceInput(id)));
  const leftovers = await load(trpc.workspaces.leftByTokenHolders.queryOptions(workspaceInput(id)));
  return (
    <HydrateClient>
      <PageHeader title={ws.name} />
      <div className="space-y-6">
        <section aria-labelledby="details-heading" className={ui.card}>
          <h2 id="details-heading" className={`${ui.cardTitle} mb-4`}>
            Details
          </h2>
          <DetailsList
            items={[
              [
                "Workspace ID",
                <span key="id" className="flex flex-wrap items-center gap-2">
                  <code className={ui.mono}>{ws.id}</code>
                  <CopyButton value={ws.id} label="Copy workspace ID" />
                </span>,
              ],
              [
                "Owner",
                <span key="owner" className="break-words">
                  {ws.ownerName === ws.ownerEmail ? ws.ownerEmail : `${ws.ownerName} <${ws.ownerEmail}>`}
                </span>,
              ],
              ["Plan", <PlanBadge key="plan" plan={ws.plan} />],
              [
                "Production API keys",
                ws.plan === "paid" && ws.productionKeysEnabled
                  ? "Self-serve creation enabled"
                  : "Not enabled (an operator puts the workspace on the paid plan and turns them on)",
              ],
              ["API keys", String(ws.apiKeys)],
              ["Created", formatTime(ws.createdAt)],
              ["Created from", ws.createdIp ?? "Not recorded (created before weft recorded it)"],
            ]}
          />
        </section>

        <section aria-labelledby="credentials-heading" className={ui.card}>
          <h2 id="credentials-heading" className={ui.cardTitle}>
            Workspace credentials
          </h2>
          <p className="mt-1 mb-4 text-sm text-zinc-600">
            The workspace-level REST endpoints (API keys, auth tokens) take{" "}
            <code className="font-mono">x-service-workspace-id</code> and{" "}
            <code className="font-mono">x-service-workspace-auth-token</code>.
          </p>
          <WorkspaceToken workspaceId={ws.id} />
          <div className="mt-6 border-t border-zinc-200 pt-4">
            <h3 className="text-sm font-medium text-zinc-900">Rotate auth tokens</h3>
            <p className="mt-1 mb-3 text-sm text-zinc-600">
              Did someone else create this workspace for your email (check when and from where above), or has a token
              leaked? Rotating replaces the workspace auth token and every API key&apos;s auth tokens.
            </p>
            <RotateTokens workspaceId={ws.id} />
          </div>
        </section>

        {leftovers && <LeftByTokenHolders workspaceId={ws.id} leftovers={leftovers} />}

        {viewer.operator && (
          <section aria-labelledby="operator-heading" className={`${ui.card} border-amber-200`}>
            <h2 id="operator-heading" className={`${ui.cardTitle} mb-4`}>
              Operator settings
            </h2>
            <WorkspaceSettingsForm
              workspaceId={ws.id}
              initial={{ plan: ws.plan, productionKeysEnabled: ws.productionKeysEnabled }}
            />
          </section>
        )}

        <DangerZone
          id="danger-heading"
          title="Delete workspace"
          description="Deletes the workspace, its API keys and all their data."
        >
          <DeleteWorkspace workspaceId={ws.id} name={ws.name} />
        </DangerZone>
      </div>
    </HydrateClient>
  );
}
