import type { Tx } from "@/lib/infra/db";
import { newId } from "@/lib/infra/ids";
import { wakeEventDispatcher } from "@/lib/infra/workers/channels";
import { asJson } from "../json-fields";
import type { OrgScope } from "../organizations/organization-scope";
import type { WeftEvent } from "./event";

// The events area's data access. The writing side of the event bus: an event is a DomainEvent row written in the transaction of the change it
// describes, so it exists exactly when the change commits. Each document's events are numbered 1, 2, 3 ...
// under the lock of the document's EventStream row, which makes sequence order the commit order.

export type EventDraft = Omit<WeftEvent, "id" | "timestamp"> & { id?: string; timestamp?: number };

/** Writes the event row in the caller's transaction; returns it as the consumers will see it. */
export async function emitEvent(tx: Tx, draft: EventDraft): Promise<WeftEvent> {
  const event: WeftEvent = { ...draft, id: draft.id ?? newId("evt"), timestamp: draft.timestamp ?? Date.now() };
  const [{ lastSeq }] = await tx.$queryRaw<{ lastSeq: number }[]>`
    INSERT INTO "EventStream" ("apiKeyId", "organizationId", "documentId", "lastSeq")
    VALUES (${event.apiKeyId}, ${event.organizationId}, ${event.documentId}, 1)
    ON CONFLICT ("apiKeyId", "organizationId", "documentId") DO UPDATE SET "lastSeq" = "EventStream"."lastSeq" + 1
    RETURNING "lastSeq"`;
  await tx.domainEvent.create({
    data: {
      id: event.id,
      apiKeyId: event.apiKeyId,
      organizationId: event.organizationId,
      documentId: event.documentId,
      seq: lastSeq,
      type: event.type,
      event: asJson(event)!,
      createdAt: new Date(event.timestamp),
    },
  });
  await wakeEventDispatcher(tx);
  return event;
}

/** Migrate Documents: the stream and its events (also those not yet handed over) follow the document. */
export async function moveEvents(tx: Tx, org: OrgScope, from: string, to: string) {
  // A stream under the new id can only be left from a document that no longer exists.
  await removeEvents(tx, org, [to]);
  await tx.eventStream.updateMany({ where: { ...org, documentId: from }, data: { documentId: to } });
  await tx.$executeRaw`
    UPDATE "DomainEvent" SET "documentId" = ${to}, "event" = jsonb_set("event", '{documentId}', to_jsonb(${to}::text))
    WHERE "apiKeyId" = ${org.apiKeyId} AND "organizationId" = ${org.organizationId} AND "documentId" = ${from}`;
}

/** Delete Documents: the document's events go too, so nothing is recreated from them afterwards. */
export async function removeEvents(tx: Tx, org: OrgScope, documentIds: string[]) {
  await tx.domainEvent.deleteMany({ where: { ...org, documentId: { in: documentIds } } });
  await tx.eventStream.deleteMany({ where: { ...org, documentId: { in: documentIds } } });
}
