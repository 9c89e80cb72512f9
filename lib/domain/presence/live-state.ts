import { z } from "zod";
import type { Reader, Tx } from "@/lib/infra/db";
import { publish } from "@/lib/infra/notify-bus";
import { clientId } from "../fields";
import { asJson, jsonObject } from "../json-fields";
import type { ApiKeyScope } from "../scope";
import { lockLiveState, readLiveStates } from "./presence-store";

// Broadcast Event (Live State Sync): a backend sets the value of a liveStateDataId of a document. The value
// is stored (so a client that connects later gets it) and published on the notify bus at commit; the live
// server of every instance sends it to the document's live clients as a stateless message (docs/live.md).
// `merge` merges the object into the stored one, one level deep; without it the value is replaced.

export const LIVE_STATE_CHANNEL = "weft_livestate";

export const broadcastInput = z.strictObject({
  organizationId: clientId,
  documentId: clientId,
  liveStateDataId: z.string().min(1).max(500),
  data: jsonObject.describe("Any JSON object."),
  merge: z.boolean().optional(),
});

export const getLiveStateInput = z.strictObject({
  organizationId: clientId,
  documentId: clientId,
  liveStateDataId: z.string().min(1).max(500).optional(),
});

/** What the live server sends its clients: one stateless message per value. */
export function liveStateMessage(liveStateDataId: string, data: unknown): string {
  return JSON.stringify({ type: "liveState", liveStateDataId, data });
}

export async function broadcastLiveState(scope: ApiKeyScope, input: z.output<typeof broadcastInput>, tx: Tx) {
  const doc = { apiKeyId: scope.apiKeyId, organizationId: input.organizationId, documentId: input.documentId };
  const key = { ...doc, liveStateDataId: input.liveStateDataId };
  const stored = input.merge ? await lockLiveState(tx, doc, input.liveStateDataId) : undefined;
  const previous = stored?.data;
  const data =
    input.merge && typeof previous === "object" && previous !== null && !Array.isArray(previous)
      ? { ...(previous as Record<string, unknown>), ...input.data }
      : input.data;
  await tx.liveState.upsert({
    where: { apiKeyId_organizationId_documentId_liveStateDataId: key },
    create: { ...key, data: asJson(data)! },
    update: { data: asJson(data)! },
  });
  await publish(LIVE_STATE_CHANNEL, JSON.stringify(key), tx);
  return { success: true as const };
}

/** weft extension: the stored values of the document (one, with liveStateDataId). */
export async function getLiveState(scope: ApiKeyScope, input: z.output<typeof getLiveStateInput>, db: Reader) {
  const rows = await readLiveStates(
    db,
    { apiKeyId: scope.apiKeyId, organizationId: input.organizationId, documentId: input.documentId },
    input.liveStateDataId,
  );
  return rows.map((r) => ({
    liveStateDataId: r.liveStateDataId,
    data: r.data as Record<string, unknown>,
    lastUpdated: r.updatedAt.getTime(),
  }));
}
