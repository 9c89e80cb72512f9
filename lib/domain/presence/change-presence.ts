import { z } from "zod";
import type { Tx } from "@/lib/infra/db";
import { env } from "@/lib/infra/env";
import { publish } from "@/lib/infra/notify-bus";
import { assertDistinct, batchOf } from "../batch";
import { clientId } from "../fields";
import type { ApiKeyScope } from "../scope";
import { deleteRestPresence, type DocumentScope, updateRestPresence, upsertRestPresence } from "./presence-store";

// Add, Update and Delete Presence: a backend puts users (or an agent) into a document's presence. Each change
// is published on the notify bus at commit; the live server of every instance turns the document's REST
// presence into awareness states of its live clients (lib/live/extensions/presence.ts). A REST presence
// lasts WEFT_PRESENCE_TTL_S after its last add or update, unless deleted first.

export const PRESENCE_CHANNEL = "weft_presence";

const user = z.strictObject({
  userId: clientId,
  name: z.string().min(1).max(500).optional(),
  email: z.string().min(1).max(254).optional(),
  status: z.string().min(1).max(100).optional().describe('For example "online", "away", "offline".'),
});

const target = { organizationId: clientId, documentId: clientId };

export const changePresenceInput = z.strictObject({ ...target, users: batchOf(user) });
export const deletePresenceInput = z.strictObject({ ...target, userIds: batchOf(clientId) });

const documentScope = (scope: ApiKeyScope, input: { organizationId: string; documentId: string }): DocumentScope => ({
  apiKeyId: scope.apiKeyId,
  organizationId: input.organizationId,
  documentId: input.documentId,
});

const expiry = () => new Date(Date.now() + env().WEFT_PRESENCE_TTL_S * 1000);

/** Tells every instance's live server that the document's presence changed (at commit). */
export function publishPresence(tx: Tx, doc: DocumentScope) {
  return publish(PRESENCE_CHANNEL, JSON.stringify(doc), tx);
}

export async function addPresence(scope: ApiKeyScope, input: z.output<typeof changePresenceInput>, tx: Tx) {
  assertDistinct(
    input.users.map((u) => u.userId),
    "users",
    "userId",
  );
  const doc = documentScope(scope, input);
  await upsertRestPresence(tx, doc, input.users, expiry());
  await publishPresence(tx, doc);
  return { success: true as const };
}

/** Changes users who are present; a user who is not stays absent (Add Presence puts users in). */
export async function updatePresence(scope: ApiKeyScope, input: z.output<typeof changePresenceInput>, tx: Tx) {
  assertDistinct(
    input.users.map((u) => u.userId),
    "users",
    "userId",
  );
  const doc = documentScope(scope, input);
  if (await updateRestPresence(tx, doc, input.users, expiry())) await publishPresence(tx, doc);
  return { success: true as const };
}

export async function deletePresence(scope: ApiKeyScope, input: z.output<typeof deletePresenceInput>, tx: Tx) {
  const doc = documentScope(scope, input);
  const { count } = await deleteRestPresence(tx, doc, [...new Set(input.userIds)]);
  if (count) await publishPresence(tx, doc);
  return { success: true as const };
}
