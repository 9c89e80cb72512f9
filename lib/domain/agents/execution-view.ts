export const EXECUTION_STATUSES = ["running", "passed", "failed", "error", "skipped"] as const;
export type ExecutionStatus = (typeof EXECUTION_STATUSES)[number];

export interface ExecutionRow {
  id: string;
  agentId: string;
  agentName: string;
  agentVersion: number;
  organizationId: string | null;
  documentId: string | null;
  status: string;
  message: string;
  trigger: string;
  startedAt: Date;
  completedAt: Date | null;
  durationMs: number | null;
}

/** An Agent execution as the spec lists it; `metadata` names the document the run read, when there was one. */
export function executionView(e: ExecutionRow) {
  return {
    id: e.id,
    agentId: e.agentId,
    agentName: e.agentName,
    agentVersion: e.agentVersion,
    status: e.status as ExecutionStatus,
    message: e.message,
    startedAt: e.startedAt.getTime(),
    completedAt: e.completedAt?.getTime() ?? null,
    durationMs: e.durationMs,
    trigger: e.trigger,
    ...(e.organizationId && { metadata: { organizationId: e.organizationId, documentId: e.documentId } }),
  };
}
