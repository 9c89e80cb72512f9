import { createHash, randomUUID } from "node:crypto";
import type {
  afterLoadDocumentPayload,
  afterUnloadDocumentPayload,
  connectedPayload,
  Extension,
  Hocuspocus,
  onConfigurePayload,
  onDisconnectPayload,
} from "@hocuspocus/server";
import * as encoding from "lib0/encoding";
import { applyAwarenessUpdate } from "y-protocols/awareness";
import { PRESENCE_CHANNEL } from "@/lib/domain/presence/change-presence";
import { LIVE_STATE_CHANNEL, liveStateMessage } from "@/lib/domain/presence/live-state";
import {
  addLiveConnection,
  deleteExpiredPresence,
  type DocumentScope,
  readLiveStates,
  readRestPresence,
  removeLiveConnection,
  renewLiveRows,
} from "@/lib/domain/presence/presence-store";
import { db, transaction } from "@/lib/infra/db";
import { errorFields, log } from "@/lib/infra/log";
import { subscribe } from "@/lib/infra/notify-bus";
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
//     its id), renewed every tick while the instance runs, so /v2/presence/get sees every instance's users.
//   Live state (/v2/livestate/broadcast): each stored value goes to a client as a stateless message when it
//     connects, and to every open editor's clients when it changes (notify bus).

const RENEW_MS = 10_000;
const LIVE_ROW_TTL_MS = 60_000;

interface RestState {
  clientId: number;
  clock: number;
  json: string;
}

const docKey = (d: DocumentScope) => `${d.apiKeyId}\n${d.organizationId}\n${d.documentId}`;

/** The awareness client id of a REST-present user of a document: stable, so every instance agrees on it. */
function presenceClientId(d: DocumentScope, userId: string): number {
  return createHash("sha256")
    .update(`${docKey(d)}\n${userId}`)
    .digest()
    .readUInt32BE(0);
}

/** A y-protocols awareness update of these states (state "null" removes one). */
function awarenessUpdate(states: RestState[]): Uint8Array {
  const enc = encoding.createEncoder();
  encoding.writeVarUint(enc, states.length);
  for (const s of states) {
    encoding.writeVarUint(enc, s.clientId);
    encoding.writeVarUint(enc, s.clock);
    encoding.writeVarString(enc, s.json);
  }
  return encoding.toUint8Array(enc);
}

export class LivePresence implements Extension {
  extensionName = "weft-presence";
  /** This instance's id in DocumentPresence.source. */
  readonly instanceId = `live_${randomUUID()}`;
  private instance?: Hocuspocus;
  /** REST presence applied to the open editors, per weft document, per user. */
  private readonly applied = new Map<string, Map<string, RestState>>();
  private readonly stops: (() => void)[] = [];
  private timer?: NodeJS.Timeout;

  async onConfigure({ instance }: onConfigurePayload) {
    this.instance = instance;
    this.stops.push(
      subscribe(PRESENCE_CHANNEL, (payload) => this.whenOpen(payload, (d) => this.refresh([d]))),
      subscribe(LIVE_STATE_CHANNEL, (payload) =>
        this.whenOpen(payload, (d) =>
          this.sendLiveState(d, (JSON.parse(payload) as { liveStateDataId: string }).liveStateDataId),
        ),
      ),
    );
    this.timer = setInterval(() => void this.tick(), RENEW_MS);
    this.timer.unref();
  }

  async afterLoadDocument({ documentName }: afterLoadDocumentPayload) {
    const d = this.scopeOf(documentName);
    if (d) await this.refresh([d]);
  }

  async afterUnloadDocument({ documentName }: afterUnloadDocumentPayload) {
    const d = this.scopeOf(documentName);
    if (d && !this.editorsOf(d).length) this.applied.delete(docKey(d));
  }

  async connected({ documentName, context, connection }: connectedPayload) {
    const d = this.scopeOf(documentName);
    if (!d) return;
    const access = (context as { access?: LiveAccess }).access;
    if (access?.kind === "user") {
      await transaction((tx) =>
        addLiveConnection(tx, d, this.instanceId, { userId: access.actor }, new Date(Date.now() + LIVE_ROW_TTL_MS)),
      );
    }
    for (const s of await readLiveStates(db(), d))
      connection.sendStateless(liveStateMessage(s.liveStateDataId, s.data));
  }

  async onDisconnect({ documentName, context }: onDisconnectPayload) {
    const d = this.scopeOf(documentName);
    const access = (context as { access?: LiveAccess }).access;
    if (d && access?.kind === "user")
      await transaction((tx) => removeLiveConnection(tx, d, this.instanceId, access.actor));
  }

  /** Stops listening and takes this instance's live users out of every document's presence. */
  async stop() {
    if (this.timer) clearInterval(this.timer);
    for (const stop of this.stops.splice(0)) stop();
    await transaction((tx) => tx.documentPresence.deleteMany({ where: { source: this.instanceId } })).catch((e) =>
      log.warn("live: removing this instance's presence failed; it expires", errorFields(e)),
    );
  }

  private scopeOf(documentName: string): DocumentScope | undefined {
    const k = parseDocumentName(documentName);
    return k && { apiKeyId: k.apiKeyId, organizationId: k.organizationId, documentId: k.documentId };
  }

  /** The open live documents (editors) of a weft document on this instance. */
  private editorsOf(d: DocumentScope) {
    const key = docKey(d);
    return [...(this.instance?.documents.values() ?? [])].filter((doc) => {
      const s = this.scopeOf(doc.name);
      return s && docKey(s) === key;
    });
  }

  private openDocuments(): DocumentScope[] {
    const seen = new Map<string, DocumentScope>();
    for (const name of this.instance?.documents.keys() ?? []) {
      const d = this.scopeOf(name);
      if (d) seen.set(docKey(d), d);
    }
    return [...seen.values()];
  }

  private whenOpen(payload: string, fn: (d: DocumentScope) => Promise<void>) {
    let d: DocumentScope;
    try {
      d = JSON.parse(payload) as DocumentScope;
    } catch {
      return;
    }
    log.warn("DEBUG whenOpen", { payload, open: this.editorsOf(d).length });
    if (!this.editorsOf(d).length) return;
    fn(d).catch((e) => log.warn("live: presence or live state update failed", errorFields(e)));
  }

  private async sendLiveState(d: DocumentScope, liveStateDataId: string) {
    const [row] = await readLiveStates(db(), d, liveStateDataId);
    log.warn("DEBUG sendLiveState", {
      found: !!row,
      editors: this.editorsOf(d).length,
      conns: this.editorsOf(d).map((e) => e.getConnectionsCount()),
    });
    if (!row) return;
    const message = liveStateMessage(row.liveStateDataId, row.data);
    for (const editor of this.editorsOf(d)) editor.broadcastStateless(message);
  }

  /** Every RENEW_MS: renew REST presence in the open editors and this instance's live rows; drop what expired. */
  private async tick() {
    try {
      await this.refresh(this.openDocuments(), true);
      const expiresAt = new Date(Date.now() + LIVE_ROW_TTL_MS);
      await transaction(async (tx) => {
        await renewLiveRows(tx, this.instanceId, expiresAt);
        await deleteExpiredPresence(tx);
      });
    } catch (e) {
      log.warn("live: renewing presence failed", errorFields(e));
    }
  }

  /** Brings the awareness of the documents' open editors in line with their REST presence rows. */
  private async refresh(documents: DocumentScope[], renew = false) {
    if (!documents.length) return;
    const rows = await readRestPresence(db(), documents);
    for (const d of documents) {
      const key = docKey(d);
      const before = this.applied.get(key) ?? new Map<string, RestState>();
      const after = new Map<string, RestState>();
      const changed: RestState[] = [];
      for (const r of rows.filter((x) => docKey(x) === key)) {
        const json = JSON.stringify({
          user: { userId: r.userId, ...(r.name && { name: r.name }), ...(r.email && { email: r.email }) },
          ...(r.status && { status: r.status }),
        });
        const prev = before.get(r.userId);
        const state = {
          clientId: prev?.clientId ?? presenceClientId(d, r.userId),
          clock: prev ? prev.clock + (renew || prev.json !== json ? 1 : 0) : 1,
          json,
        };
        after.set(r.userId, state);
        if (!prev || state.clock !== prev.clock) changed.push(state);
      }
      for (const [userId, prev] of before)
        if (!after.has(userId)) changed.push({ clientId: prev.clientId, clock: prev.clock + 1, json: "null" });
      if (after.size) this.applied.set(key, after);
      else this.applied.delete(key);
      if (!changed.length) continue;
      const update = awarenessUpdate(changed);
      for (const editor of this.editorsOf(d)) applyAwarenessUpdate(editor.awareness, update, RELAY_ORIGIN);
    }
  }
}
