import { z } from "zod";
import type { Reader } from "@/lib/infra/db";
import type { OperatorScope } from "../scope";

// Trigger email deliveries for the operator (`npx weft email:list`): one row per mail weft meant to send, with
// its outcome; `skipped` rows carry the reason (the instance mailer's daily limit, an unknown recipient).

export const EMAIL_DEFAULT_LIMIT = 20;
export const EMAIL_MAX_LIMIT = 1000;
export const DELIVERY_STATUSES = ["pending", "sent", "failed", "skipped"] as const;

export const listEmailDeliveriesInput = z.strictObject({
  workspaceId: z.string().trim().min(1).max(200).optional(),
  status: z.enum(DELIVERY_STATUSES).optional(),
  limit: z.number().int().min(1).max(EMAIL_MAX_LIMIT).default(EMAIL_DEFAULT_LIMIT),
});

/** Newest first, optionally of one workspace and one status. */
export async function listEmailDeliveries(
  _scope: OperatorScope,
  input: z.output<typeof listEmailDeliveriesInput>,
  db: Reader,
) {
  const keyIds = input.workspaceId
    ? (await db.apiKey.findMany({ where: { workspaceId: input.workspaceId }, select: { id: true } })).map((k) => k.id)
    : undefined;
  const rows = await db.emailDelivery.findMany({
    where: { ...(keyIds && { apiKeyId: { in: keyIds } }), ...(input.status && { status: input.status }) },
    select: {
      id: true,
      apiKeyId: true,
      eventType: true,
      to: true,
      status: true,
      reason: true,
      attempts: true,
      lastError: true,
      createdAt: true,
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: input.limit,
  });
  return rows.map((d) => ({ ...d, createdAt: d.createdAt.toISOString() }));
}
