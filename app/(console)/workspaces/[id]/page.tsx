import { DetailsList } from "@/components/console/details-list";
import { CopyButton } from "@/components/console/copy-button";
import { PageHeader } from "@/components/console/page-header";
import { ui } from "@/components/console/styles";
import { PlanBadge } from "@/components/console/workspaces/plan-badge";
import { WorkspaceSettingsForm } from "@/components/console/workspaces/workspace-settings-form";
import { WorkspaceTabs } from "@/components/console/workspaces/workspace-tabs";
import { WorkspaceToken } from "@/components/console/workspaces/workspace-token";
import { formatTime } from "@/lib/console/format";
import { loadWorkspacePage } from "@/lib/console/page-data";

export const metadata = { title: "Workspace · weft" };

export default async function WorkspaceOverviewPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { viewer, workspace: ws } = await loadWorkspacePage(id);
  return (
    <>
      <PageHeader title={ws.name} crumbs={[{ href: "/workspaces", label: "Workspaces" }]} />
      <WorkspaceTabs workspaceId={ws.id} current="overview" />
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
        </section>

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
      </div>
    </>
  );
}
