import { z } from "zod";
import type { Reader } from "@/lib/infra/db";
import { beyondPosition, decodePageToken, listPageInput, takePage } from "../paging";
import type { ApiKeyScope } from "../scope";

// A key's trigger emails for the console, newest first: what was sent, skipped or failed, with the provider's
// answer (lastError). The statuses offered as filters are the ones the key's rows have.

export const listEmailLogInput = listPageInput.extend({ status: z.string().min(1).max(50).optional() });

export async function listEmailLog(scope: ApiKeyScope, input: z.output<typeof listEmailLogInput>, tx: Reader) {
  const position = input.pageToken ? decodePageToken(input.pageToken) : undefined;
  const base = { apiKeyId: scope.apiKeyId };
  const rows = await tx.emailDelivery.findMany({
    where: {
      AND: [
        base,
        input.status ? { status: input.status } : {},
        position ? beyondPosition("createdAt", position, "desc") : {},
      ],
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: input.pageSize + 1,
  });
  const statuses = await tx.emailDelivery.groupBy({ by: ["status"], where: base, orderBy: { status: "asc" } });
  const { page, nextPageToken } = takePage(rows, input.pageSize);
  return {
    emails: page.map((e) => ({
      id: e.id,
      time: e.createdAt.toISOString(),
      updatedAt: e.updatedAt.toISOString(),
      eventType: e.eventType,
      to: e.to,
      templateId: e.templateId,
      status: e.status,
      attempts: e.attempts,
      lastError: e.lastError,
      reason: e.reason,
    })),
    statuses: statuses.map((s) => s.status),
    nextPageToken,
  };
}
