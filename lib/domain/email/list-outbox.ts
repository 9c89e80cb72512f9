import { z } from "zod";
import type { Reader } from "@/lib/infra/db";
import type { OperatorScope } from "../scope";

export const OUTBOX_DEFAULT_LIMIT = 20;
export const OUTBOX_MAX_LIMIT = 1000;

export const listOutboxInput = z.strictObject({
  to: z.string().trim().min(1).max(254).optional(),
  limit: z.number().int().min(1).max(OUTBOX_MAX_LIMIT).default(OUTBOX_DEFAULT_LIMIT),
});
export type ListOutboxInput = z.output<typeof listOutboxInput>;

/** What the CLI and the console's mailbox show of a mail. */
export const mailSelect = {
  id: true,
  to: true,
  from: true,
  subject: true,
  text: true,
  transport: true,
  status: true,
  error: true,
  createdAt: true,
} as const;

/** The mail weft sent or kept in the dev outbox, newest first; `to` matches the recipient case-insensitively. */
export async function listOutbox(_scope: OperatorScope, input: ListOutboxInput, db: Reader) {
  const { to, limit } = input;
  const rows = await db.outboxMail.findMany({
    where: to ? { to: { equals: to, mode: "insensitive" } } : undefined,
    select: mailSelect,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit,
  });
  return rows.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() }));
}
