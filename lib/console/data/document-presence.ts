import { z } from "zod";
import { parsePresence, PRESENCE_CHANNEL, type PresenceSnapshot } from "@/lib/domain/crdt/live-presence";
import { documentRefInput } from "@/lib/domain/documents/list-documents";
import { PRESENCE_CHANNEL as REST_PRESENCE_CHANNEL } from "@/lib/domain/presence/change-presence";
import { getPresence } from "@/lib/domain/presence/get-presence";
import { db } from "@/lib/infra/db";
import { parsePayload } from "@/lib/infra/notify-bus";
import { busFeed, RESYNC } from "../live/bus-feed";
import { instanceSnapshots } from "../live/instance-snapshots";
import { scopedInput } from "../router/scoped-input";
import { apiKeyProcedure } from "../router/trpc";

// Who is in one document now, as people join and leave: the live connections to each of its editors, from
// every instance's presence snapshot of the key (lib/domain/crdt/live-presence.ts), and the users Get Presence
// names (put there over REST, or connected live with a user token), read again on every change.

export interface DocumentPresence {
  /** Open editors of the document with their live connections (service and user tokens alike). */
  editors: { editorId: string; connections: number }[];
  users: Awaited<ReturnType<typeof getPresence>>;
}

type DocumentRef = z.output<typeof documentRefInput>;

function editorsOf(snapshots: Iterable<PresenceSnapshot>, ref: DocumentRef) {
  const byEditor = new Map<string, number>();
  for (const s of snapshots)
    for (const d of s.documents)
      if (d.organizationId === ref.organizationId && d.documentId === ref.documentId)
        byEditor.set(d.editorId, (byEditor.get(d.editorId) ?? 0) + d.connections);
  return [...byEditor].map(([editorId, connections]) => ({ editorId, connections }));
}

/** Whether a Get Presence change (payload: the document's scope) is of this document. */
function isDocument(payload: string, apiKeyId: string, ref: DocumentRef) {
  const p = parsePayload<Record<string, unknown>>(payload);
  return p?.apiKeyId === apiKeyId && p.organizationId === ref.organizationId && p.documentId === ref.documentId;
}

export const documentPresence = apiKeyProcedure
  .input(scopedInput("apiKey", documentRefInput))
  .subscription(async function* ({ ctx, input, signal }) {
    const apiKeyId = ctx.scope.apiKeyId;
    const ref = input.data;
    const feed = busFeed(
      [PRESENCE_CHANNEL, REST_PRESENCE_CHANNEL],
      (payload, channel) =>
        channel === PRESENCE_CHANNEL
          ? parsePresence(payload)?.apiKeyId === apiKeyId
          : isDocument(payload, apiKeyId, ref),
      signal,
    );
    await feed.ready;
    const snapshots = instanceSnapshots(apiKeyId);
    const current = async (): Promise<DocumentPresence> => ({
      editors: editorsOf(snapshots.values(), ref),
      users: await getPresence(ctx.scope, ref, db()),
    });
    try {
      await snapshots.recount();
      yield await current();
      for await (const payload of feed) {
        if (payload === RESYNC) {
          await snapshots.recount();
          continue;
        }
        snapshots.take(payload);
        yield await current();
      }
    } finally {
      await feed.return(undefined);
    }
  });
