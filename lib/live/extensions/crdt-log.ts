import type {
  afterUnloadDocumentPayload,
  beforeHandleMessagePayload,
  Document,
  Extension,
  onLoadDocumentPayload,
  onStoreDocumentPayload,
} from "@hocuspocus/server";
import * as Y from "yjs";
import {
  appendUpdates,
  compactInto,
  createRowIfMissing,
  currentState,
  firstRoot,
  type EditorKey,
} from "@/lib/domain/crdt/crdt-log";
import { scratchDoc } from "@/lib/domain/crdt/yjs-content";
import { db, transaction, type Tx } from "@/lib/infra/db";
import { groupCommit } from "@/lib/infra/group-commit";
import { parseDocumentName } from "../document-name";
import { updateOfFrame } from "../frames";
import type { LoggedUpdate } from "../relay";
import { refusal, type LiveContext } from "../live-context";

// Persistence, as Hocuspocus's Database extension does it, but with a log: a document loads from its
// CrdtDocument row with the CrdtUpdate log folded in; every accepted client update is appended to the log
// before Hocuspocus applies and acknowledges it (beforeHandleMessage is awaited first; onChange is not); the
// log is compacted into the row after the store debounce. The editor's first change creates its row.
// Appends are group-committed (lib/infra/group-commit.ts): the updates that arrive while one commit runs are
// written together in the next transaction (one multi-row INSERT), each acknowledged once that one has committed.

interface DocState {
  key: EditorKey;
  rowExists: boolean;
  /** Upper bound of the encoded state size: the loaded size plus every update since. */
  size: number;
}

interface PendingAppend {
  document: Document;
  state: DocState;
  update: Uint8Array;
  actor: string;
}

export interface CrdtLogConfiguration {
  /** WEFT_CRDT_MAX_STATE_BYTES: an update that would make the stored state larger is refused. */
  maxStateBytes: number;
  /** Runs in the transaction that appended a group of updates, in their order (the relay publishes them to peers). */
  afterAppend?(appended: LoggedUpdate[], tx: Tx): Promise<void>;
}

export class CrdtLog implements Extension {
  extensionName = "weft-crdt-log";
  private readonly docs = new Map<string, DocState>();
  private readonly appends = groupCommit((items: PendingAppend[]) => this.appendAll(items));

  constructor(private readonly config: CrdtLogConfiguration) {}

  async onLoadDocument({ document, documentName: name }: onLoadDocumentPayload) {
    const key = parseDocumentName(name)!;
    const current = await currentState(db(), key);
    if (current) Y.applyUpdate(document, current.state);
    this.docs.set(name, { key, rowExists: !!current?.row, size: current?.state.byteLength ?? 0 });
  }

  async beforeHandleMessage({ connection, update: frame, document, context }: beforeHandleMessagePayload) {
    if (connection.readOnly) return;
    const update = updateOfFrame(frame);
    if (!update) return;
    const state = this.docs.get(document.name);
    if (!state) throw refusal("not-loaded", "live: document not loaded");
    const ctx = context as LiveContext;
    await this.accept(document, state, update, ctx.access?.actor ?? state.key.apiKeyId);
  }

  async onStoreDocument({ documentName: name }: onStoreDocumentPayload) {
    const state = this.docs.get(name);
    if (!state?.rowExists) return;
    await transaction((tx) => compactInto(tx, state.key, {}));
  }

  /** The editor's data was deleted (Delete CRDT Data): nothing of the open document is stored back. */
  rowDeleted(name: string) {
    const state = this.docs.get(name);
    if (state) state.rowExists = false;
  }

  async afterUnloadDocument({ documentName: name }: afterUnloadDocumentPayload) {
    this.docs.delete(name);
  }

  private async accept(document: Document, state: DocState, update: Uint8Array, actor: string) {
    const maxState = this.config.maxStateBytes;
    if (state.size + update.byteLength > maxState) {
      state.size = Y.encodeStateAsUpdate(document).byteLength;
      if (state.size + update.byteLength > maxState) {
        throw refusal(
          "state-too-large",
          `live: the document would exceed WEFT_CRDT_MAX_STATE_BYTES (${maxState} bytes)`,
        );
      }
    }
    const rowNow = await this.appends.submit({ document, state, update, actor });
    if (rowNow) state.rowExists = true;
    state.size += update.byteLength;
  }

  /** One transaction for a group of updates (of any documents); per update, whether its editor's row exists now. */
  private appendAll(items: PendingAppend[]): Promise<boolean[]> {
    return transaction(async (tx) => {
      const rows: boolean[] = [];
      for (const item of items) rows.push(await ensureRow(tx, item));
      const ids = await appendUpdates(
        tx,
        items.map((item) => ({ key: item.state.key, update: item.update })),
      );
      await this.config.afterAppend?.(
        items.map((item, i) => ({ name: item.document.name, update: item.update, rowId: ids[i] })),
        tx,
      );
      return rows;
    });
  }
}

/** The editor's first change creates its row, typed after the first non-empty root; true once it exists. */
async function ensureRow(tx: Tx, { document, state, update, actor }: PendingAppend): Promise<boolean> {
  if (state.rowExists) return true;
  const next = scratchDoc();
  Y.applyUpdate(next, Y.encodeStateAsUpdate(document));
  Y.applyUpdate(next, update);
  const root = firstRoot(next);
  if (!root) return false;
  // False when another message (or a REST add) created it first: the row exists either way.
  await createRowIfMissing(tx, state.key, { ...root, state: Y.encodeStateAsUpdate(next), lastUpdatedBy: actor });
  return true;
}
