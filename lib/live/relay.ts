import { randomUUID } from "node:crypto";
import type { Document } from "@hocuspocus/server";
import { applyAwarenessUpdate, encodeAwarenessUpdate } from "y-protocols/awareness";
import * as Y from "yjs";
import type { Tx } from "@/lib/infra/db";
import { errorFields, log } from "@/lib/infra/log";
import { MAX_PAYLOAD_BYTES, parsePayload, publish, publishAll, subscribe } from "@/lib/infra/notify-bus";

// Carries live documents between instances on one PostgreSQL over the notify bus (channel weft_live), as
// Hocuspocus's Redis extension does over Redis. Every message names its sender (dropped on receipt by the
// sender itself) and a document; an instance acts only on documents it has open. Kinds:
//   u  a Yjs update, inline (base64)
//   r  a Yjs update by reference: the id of its CrdtUpdate log row (payloads over NOTIFY's limit)
//   x  "read the database": the change is stored (a large REST write); reload row + log into the open document
//   a  an awareness update (cursors, presence); never stored
//   k  the editor's CRDT data was deleted: close the open document
//   s  a state vector: an instance that just opened the document asks its peers for what it lacks; peers
//      answer with the difference (u, or x when too large) and their awareness states
// Updates are applied with the Redis extension's origin, so Hocuspocus neither stores them again nor
// relays them back. Messages that arrive while the document is still loading are kept and applied after.

export const RELAY_ORIGIN = "__hocuspocus__redis__origin__";
const CHANNEL = "weft_live";

/** A client update just appended to the log as row `rowId` of the open document `name`. */
export interface LoggedUpdate {
  name: string;
  update: Uint8Array;
  rowId: bigint;
}

export interface Relay {
  /** Client updates just appended to the log, in order: delivered to the peers when `tx` commits. */
  publishLogged(updates: LoggedUpdate[], tx: Tx): Promise<void>;
  /** A committed REST change. */
  publishRest(name: string, update: Uint8Array): void;
  /** The document's CRDT data was deleted (committed). */
  publishDeleted(name: string): void;
  opened(document: Document): void;
  closed(name: string): void;
  stop(): Promise<void>;
}

interface RelayTarget {
  /** Whether this instance is opening the document right now. */
  isLoading(name: string): boolean;
  /** The stored state of a document (row + log), for x messages. */
  storedState(name: string): Promise<Uint8Array | undefined>;
  /** One log row's update, for r messages. */
  logRow(name: string, id: bigint): Promise<Uint8Array | undefined>;
  /** The document's data was deleted, for k messages. */
  deleted(name: string): void;
}

interface Message {
  i: string;
  d: string;
  u?: string;
  r?: string;
  x?: 1;
  a?: string;
  s?: string;
  k?: 1;
}

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");
const bytes = (s: string) => new Uint8Array(Buffer.from(s, "base64"));

export function startRelay(target: RelayTarget): Relay {
  const id = randomUUID();
  const pending = new Map<string, Message[]>();
  const open = new Map<string, Document>();

  function fits(m: Message): string | undefined {
    const payload = JSON.stringify(m);
    return Buffer.byteLength(payload) <= MAX_PAYLOAD_BYTES ? payload : undefined;
  }

  function send(m: Message, tx?: Tx): Promise<void> {
    const payload = fits(m);
    if (!payload) return Promise.resolve();
    return publish(CHANNEL, payload, tx).catch((err) => log.warn("live relay: publish failed", errorFields(err)));
  }

  function sendUpdate(name: string, update: Uint8Array) {
    const m: Message = { i: id, d: name, u: b64(update) };
    void send(fits(m) ? m : { i: id, d: name, x: 1 });
  }

  async function apply(document: Document, m: Message) {
    if (m.k) {
      target.deleted(m.d);
      return;
    }
    if (m.u) Y.applyUpdate(document, bytes(m.u), RELAY_ORIGIN);
    if (m.a) applyAwarenessUpdate(document.awareness, bytes(m.a), RELAY_ORIGIN);
    if (m.r) {
      const update = await target.logRow(m.d, BigInt(m.r));
      if (update) Y.applyUpdate(document, update, RELAY_ORIGIN);
    }
    if (m.x) {
      const state = await target.storedState(m.d);
      if (state) Y.applyUpdate(document, state, RELAY_ORIGIN);
    }
    if (m.s) {
      const diff = Y.encodeStateAsUpdate(document, bytes(m.s));
      if (diff.byteLength > 2) sendUpdate(m.d, diff);
      const clients = [...document.awareness.getStates().keys()];
      if (clients.length) void send({ i: id, d: m.d, a: b64(encodeAwarenessUpdate(document.awareness, clients)) });
    }
  }

  const unsubscribe = subscribe(CHANNEL, (payload) => {
    const m = parsePayload<Message>(payload) as Message | undefined;
    if (!m || m.i === id || typeof m.d !== "string") return;
    const document = open.get(m.d);
    if (!document) {
      const loading = pending.get(m.d);
      if (loading) {
        loading.push(m);
        return;
      }
      // Opening right now: keep it for when the load has finished.
      if (target.isLoading(m.d)) pending.set(m.d, [m]);
      return;
    }
    apply(document, m).catch((err) => log.warn("live relay: cannot apply", errorFields(err)));
  });

  return {
    async publishLogged(updates, tx) {
      const payloads = updates.map(({ name, update, rowId }) => {
        const inline: Message = { i: id, d: name, u: b64(update) };
        return fits(inline) ?? JSON.stringify({ i: id, d: name, r: rowId.toString() } satisfies Message);
      });
      await publishAll(CHANNEL, payloads, tx).catch((err) => log.warn("live relay: publish failed", errorFields(err)));
    },
    publishRest(name, update) {
      sendUpdate(name, update);
    },
    publishDeleted(name) {
      void send({ i: id, d: name, k: 1 });
    },
    opened(document) {
      const name = document.name;
      open.set(name, document);
      const queued = pending.get(name) ?? [];
      pending.delete(name);
      for (const m of queued) apply(document, m).catch((err) => log.warn("live relay: cannot apply", errorFields(err)));
      document.awareness.on(
        "update",
        ({ added, updated, removed }: { added: number[]; updated: number[]; removed: number[] }, origin: unknown) => {
          if (origin === RELAY_ORIGIN) return;
          void send({
            i: id,
            d: name,
            a: b64(encodeAwarenessUpdate(document.awareness, added.concat(updated, removed))),
          });
        },
      );
      void send({ i: id, d: name, s: b64(Y.encodeStateVector(document)) });
    },
    closed(name) {
      open.delete(name);
      pending.delete(name);
    },
    async stop() {
      unsubscribe();
    },
  };
}
