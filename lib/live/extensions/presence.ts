import { createHash, randomUUID } from "node:crypto";
import type {
  afterLoadDocumentPayload,
  afterUnloadDocumentPayload,
  Connection,
  connectedPayload,
  Document,
  Extension,
  onDisconnectPayload,
} from "@hocuspocus/server";
import * as encoding from "lib0/encoding";
import { applyAwarenessUpdate } from "y-protocols/awareness";
import { PRESENCE_CHANNEL } from "@/lib/domain/presence/change-presence";
import { LIVE_STATE_CHANNEL, liveStateMessage } from "@/lib/domain/presence/live-state";
import {
  addLiveConnection,
  deleteExpiredPresence,
  deleteLiveRows,
  type DocumentScope,
  type PresentUser,
  readLiveStates,
  readRestPresence,
  removeLiveConnection,
  renewLiveRows,
} from "@/lib/domain/presence/presence-store";
import { db, transaction } from "@/lib/infra/db";
import { errorFields, log } from "@/lib/infra/log";
import { parsePayload, subscribe } from "@/lib/infra/notify-bus";
import { parseDocumentName } from "../document-name";
import type { LiveAccess } from "../live-auth";
// Every instance applies REST presence itself, so its awareness changes are not relayed to the others.
import { RELAY_ORIGIN } from "../relay";

// Presence and Live State Sync on the live server (docs/live.md). A live document is one editor of a weft
// document; presence and live state belong to the weft document, so they reach every open editor of it.
//   REST presence (/v2/presence/*): each user becomes an awareness state of the open editors, under a client
//     id derived from the user, re-sent every RENEW_MS (awareness drops a state not renewed within 30 s) and
//     dropped when deleted or expired. Changes arrive on the notify bus; each tick also re-reads the rows.
//   Live presence: a user connected with a user token is a DocumentPresence row of this instance (`source`:
//     its id), renewed every tick while the instance runs and deleted when it stops; the rows of an instance
//     that died expire after LIVE_ROW_TTL_MS.
//   Live state (/v2/livestate/broadcast): each stored value goes to a client as a stateless message when it
//     connects, and to every open editor's clients when it changes (notify bus).
// Every database read whose result goes to clients runs in one queue, in the order the changes arrived, so a
// slow read never overtakes a later one with an older value. A connection is sent each stored version of a
// value once, whether it is read on connect or on a change (both can see the same version).

const RENEW_MS = 10_000;
/** Six missed renewals: how long the live users of an instance that died stay present. */
const LIVE_ROW_TTL_MS = 60_000;

/** An awareness state of a REST-present user; json "null" removes it. */
interface RestState {
  clientId: number;
  json: string;
}

/** The scope a notify bus payload names (the live state payload also names its liveStateDataId). */
type NamedScope = DocumentScope & { liveStateDataId?: string };

const docKey = (d: DocumentScope) => `${d.apiKeyId}\n${d.organizationId}\n${d.documentId}`;

function scopeOf(documentName: string): DocumentScope | undefined {
  const k = parseDocumentName(documentName);
  return k && { apiKeyId: k.apiKeyId, organizationId: k.organizationId, documentId: k.documentId };
}

/** The awareness client id of a REST-present user of a document: stable, so every instance agrees on it. */
function presenceClientId(d: DocumentScope, userId: string): number {
  return createHash("sha256")
    .update(`${docKey(d)}\n${userId}`)
    .digest()
    .readUInt32BE(0);
}

function restState(d: DocumentScope, u: PresentUser): RestState {
  const user = { userId: u.userId, ...(u.name && { name: u.name }), ...(u.email && { email: u.email }) };
  return {
    clientId: presenceClientId(d, u.userId),
    json: JSON.stringify({ user, ...(u.status && { status: u.status }) }),
  };
}

/**
 * Applies the states to an editor's awareness (which sends them to its clients), each one clock past what the
 * editor holds: its clients hold the same clocks, including those of states a peer instance relayed.
 */
function applyRestStates(editor: Document, states: RestState[]) {
  if (!states.length) return;
  const enc = encoding.createEncoder();
  encoding.writeVarUint(enc, states.length);
  for (const s of states) {
    encoding.writeVarUint(enc, s.clientId);
    encoding.writeVarUint(enc, (editor.awareness.meta.get(s.clientId)?.clock ?? 0) + 1);
    encoding.writeVarString(enc, s.json);
  }
  applyAwarenessUpdate(editor.awareness, encoding.toUint8Array(enc), RELAY_ORIGIN);
}

const userOf = (context: unknown) => {
  const access = (context as { access?: LiveAccess }).access;
  return access?.kind === "user" ? access.actor : undefined;
};

export class LivePresence implements Extension {
  extensionName = "weft-presence";
  /** This instance's id in DocumentPresence.source. */
  readonly instanceId = `live_${randomUUID()}`;
  /** The open editors of each weft document, by name: known from afterLoadDocument on (Hocuspocus lists them later). */
  private readonly open = new Map<string, { doc: DocumentScope; editors: Map<string, Document> }>();
  /** REST presence applied to the open editors, per weft document, per user. */
  private readonly applied = new Map<string, Map<string, RestState>>();
  /** Editors that hold every applied state (a freshly loaded one gets them all). */
  private readonly current = new WeakSet<Document>();
  /** The live state versions each connection was sent, per liveStateDataId. */
  private readonly sent = new WeakMap<Connection, Map<string, string>>();
  /** Whether a connection's live row was added, by socket and document name: its disconnect waits for it. */
  private readonly added = new Map<string, Promise<boolean>>();
  private readonly writes = new Set<Promise<unknown>>();
  private queue: Promise<void> = Promise.resolve();
  private readonly unsubscribes: (() => void)[] = [];
  private timer?: NodeJS.Timeout;
  private stopped = false;

  async onConfigure() {
    this.unsubscribes.push(
      subscribe(PRESENCE_CHANNEL, (payload) => this.forOpenDocument(payload, (d) => this.refresh([d]))),
      subscribe(LIVE_STATE_CHANNEL, (payload) =>
        this.forOpenDocument(payload, (d) => this.sendLiveStates(d, this.connectionsOf(d), d.liveStateDataId)),
      ),
    );
    this.timer = setInterval(() => void this.serially(() => this.tick()), RENEW_MS);
    this.timer.unref();
  }

  async afterLoadDocument({ documentName, document }: afterLoadDocumentPayload) {
    const d = scopeOf(documentName);
    if (!d) return;
    const entry = this.open.get(docKey(d)) ?? { doc: d, editors: new Map<string, Document>() };
    entry.editors.set(documentName, document);
    this.open.set(docKey(d), entry);
    // Awaited: the states are in the editor before its first client is added, which receives them before sync.
    await this.serially(() => this.refresh([d]));
  }

  async afterUnloadDocument({ documentName }: afterUnloadDocumentPayload) {
    const d = scopeOf(documentName);
    const entry = d && this.open.get(docKey(d));
    if (!entry) return;
    entry.editors.delete(documentName);
    if (entry.editors.size) return;
    this.open.delete(docKey(entry.doc));
    this.applied.delete(docKey(entry.doc));
  }

  async connected({ documentName, context, connection, socketId }: connectedPayload) {
    const d = scopeOf(documentName);
    if (!d || this.stopped) return;
    const userId = userOf(context);
    // Closed while earlier hooks ran: its disconnect has been handled, so nothing is added for it.
    if (userId && connection.document.hasConnection(connection)) {
      const expiresAt = new Date(Date.now() + LIVE_ROW_TTL_MS);
      const add = transaction((tx) => addLiveConnection(tx, d, this.instanceId, { userId }, expiresAt));
      this.added.set(`${socketId}\n${documentName}`, this.track(add.then(() => true)));
    }
    await this.serially(() => this.sendLiveStates(d, [connection]));
  }

  async onDisconnect({ documentName, context, socketId }: onDisconnectPayload) {
    const key = `${socketId}\n${documentName}`;
    const added = this.added.get(key);
    this.added.delete(key);
    const d = scopeOf(documentName);
    const userId = userOf(context);
    if (!added || !d || !userId || !(await added) || this.stopped) return;
    await this.track(transaction((tx) => removeLiveConnection(tx, d, this.instanceId, userId)));
  }

  /** Stops the timer and the subscriptions, lets running work finish, and takes this instance's users out. */
  async stop() {
    this.stopped = true;
    clearInterval(this.timer);
    for (const unsubscribe of this.unsubscribes.splice(0)) unsubscribe();
    await this.queue;
    await Promise.all(this.writes);
    await transaction((tx) => deleteLiveRows(tx, this.instanceId)).catch((e) =>
      log.warn("live: removing this instance's presence failed; it expires", errorFields(e)),
    );
  }

  /** A database write of a hook, awaited by stop(); a failure is logged and resolves to false. */
  private track(write: Promise<boolean | void>): Promise<boolean> {
    const done = write.then(
      (r) => r !== false,
      (e) => {
        log.warn("live: writing live presence failed", errorFields(e));
        return false;
      },
    );
    this.writes.add(done);
    void done.finally(() => this.writes.delete(done));
    return done;
  }

  /** Runs `fn` after every read queued before it (see the header); a failure is logged. */
  private serially(fn: () => Promise<void>): Promise<void> {
    this.queue = this.queue.then(async () => {
      if (this.stopped) return;
      await fn().catch((e) => log.warn("live: presence or live state update failed", errorFields(e)));
    });
    return this.queue;
  }

  private forOpenDocument(payload: string, fn: (d: NamedScope) => Promise<void>) {
    const d = parsePayload<NamedScope>(payload) as NamedScope | undefined;
    if (d && this.open.has(docKey(d))) void this.serially(() => fn(d));
  }

  private editorsOf(d: DocumentScope): Document[] {
    return [...(this.open.get(docKey(d))?.editors.values() ?? [])];
  }

  private connectionsOf(d: DocumentScope): Connection[] {
    return this.editorsOf(d).flatMap((editor) => editor.getConnections());
  }

  /** Sends a stored version of a value to a connection, unless it was sent that version already. */
  private deliver(connection: Connection, row: { liveStateDataId: string; data: unknown; updatedAt: Date }) {
    const message = liveStateMessage(row.liveStateDataId, row.data);
    const version = `${row.updatedAt.getTime()}\n${message}`;
    const sent = this.sent.get(connection) ?? new Map<string, string>();
    if (sent.get(row.liveStateDataId) === version) return;
    sent.set(row.liveStateDataId, version);
    this.sent.set(connection, sent);
    connection.sendStateless(message);
  }

  /** Sends the stored values of the document (one, with liveStateDataId) to the connections. */
  private async sendLiveStates(d: DocumentScope, connections: Connection[], liveStateDataId?: string) {
    if (!connections.length) return;
    for (const row of await readLiveStates(db(), d, liveStateDataId)) for (const c of connections) this.deliver(c, row);
  }

  /** Every RENEW_MS: renew REST presence in the open editors and this instance's live rows; drop what expired. */
  private async tick() {
    await this.refresh(
      [...this.open.values()].map((e) => e.doc),
      true,
    );
    const expiresAt = new Date(Date.now() + LIVE_ROW_TTL_MS);
    await transaction(async (tx) => {
      await renewLiveRows(tx, this.instanceId, expiresAt);
      await deleteExpiredPresence(tx);
    });
  }

  /** Reads the REST presence of the documents and brings their open editors' awareness in line with it. */
  private async refresh(documents: DocumentScope[], renew = false) {
    if (!documents.length) return;
    const byDoc = new Map(documents.map((d) => [docKey(d), [] as PresentUser[]]));
    for (const r of await readRestPresence(db(), documents)) byDoc.get(docKey(r))?.push(r);
    for (const d of documents) this.applyRest(d, byDoc.get(docKey(d))!, renew);
  }

  /** New and changed users (all with `renew`) and removed ones go to the editors; a new editor gets them all. */
  private applyRest(d: DocumentScope, users: PresentUser[], renew: boolean) {
    const key = docKey(d);
    const editors = this.editorsOf(d);
    const before = this.applied.get(key) ?? new Map<string, RestState>();
    const after = new Map(users.map((u) => [u.userId, restState(d, u)]));
    if (after.size && editors.length) this.applied.set(key, after);
    else this.applied.delete(key);
    const changed = [...after].filter(([u, s]) => renew || before.get(u)?.json !== s.json).map(([, s]) => s);
    const removed = [...before].filter(([u]) => !after.has(u)).map(([, s]) => ({ clientId: s.clientId, json: "null" }));
    for (const editor of editors) {
      applyRestStates(editor, this.current.has(editor) ? [...changed, ...removed] : [...after.values()]);
      this.current.add(editor);
    }
  }
}
