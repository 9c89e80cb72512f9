// Every background job and worker loop weft runs is defined in a domain file and imported here, so that start-up registers
// all queues before workers start. Add new job modules to this list.
export const jobModules: (() => Promise<unknown>)[] = [
  () => import("@/lib/domain/documents/migration-job"),
  () => import("@/lib/domain/agents/execute-agent"),
  () => import("@/lib/domain/notifications/fanout-job"),
  () => import("@/lib/domain/email/send-trigger-email"),
  () => import("@/lib/domain/webhooks/delivery-worker"),
  // Loops (defineWorkerLoop) start and stop with the job workers:
  () => import("@/lib/domain/events/dispatcher"),
];

