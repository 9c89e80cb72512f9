import * as Y from "yjs";
import type { Reader, Tx } from "@/lib/infra/db";
import type { CrdtType } from "./crdt-input";
import type { EditorRef } from "./crdt-document";
import { readEditorRowsWithLog } from "./crdt-store";
import { scratchDoc } from "./yjs-content";

// Data access of an editor's Yjs state: the CrdtDocument row plus the CrdtUpdate log that live edits are
// appended to before they are acknowledged. The current state is always the row with the log folded in;
// compaction merges the log into the row (never overwrites) and deletes exactly the log rows it merged.

export interface EditorKey extends EditorRef {
  apiKeyId: string;
}

interface EditorRow {
  type: CrdtType;
  contentKey: string;
  state: Uint8Array;
  lastUpdatedBy: string;
  createdAt: Date;
  updatedAt: Date;
}

function where(k: EditorKey) {
  return { apiKeyId: k.apiKeyId, organizationId: k.organizationId, documentId: k.documentId, editorId: k.editorId };
}

/** Log rows of one editor in id order. */
export async function readLog(tx: Reader, k: EditorKey): Promise<{ id: bigint; update: Uint8Array }[]> {
  return tx.crdtUpdate.findMany({ where: where(k), orderBy: { id: "asc" }, select: { id: true, update: true } });
}

/** `base` with every update applied in order (a fresh encoding, so deleted content is collected). */
export function foldUpdates(base: Uint8Array | undefined, updates: Uint8Array[]): Uint8Array {
  const doc = scratchDoc();
  if (base?.length) Y.applyUpdate(doc, base);
  for (const u of updates) {
    try {
      Y.applyUpdate(doc, u);
    } catch {
      // Logged updates were decoded before they were accepted; one that still cannot be applied must not
      // make the whole editor unreadable.
    }
  }
  return Y.encodeStateAsUpdate(doc);
}

/** The editor's current state (row ⊕ log), or undefined when it has neither. */
export async function currentState(
  tx: Reader,
  k: EditorKey,
): Promise<{ row: EditorRow | null; state: Uint8Array } | undefined> {
  const [row, log] = await Promise.all([
    tx.crdtDocument.findUnique({
      where: { apiKeyId_organizationId_documentId_editorId: where(k) },
      select: { type: true, contentKey: true, state: true, lastUpdatedBy: true, createdAt: true, updatedAt: true },
    }),
    readLog(tx, k),
  ]);
  if (!row && !log.length) return undefined;
  const state = log.length
    ? foldUpdates(
        row?.state,
        log.map((l) => l.update),
      )
    : new Uint8Array(row!.state);
  return { row: row && { ...row, type: row.type as CrdtType }, state };
}

/**
 * Appends updates (of any editors) to the log in one statement; returns their log row ids in the same order. The
 * ids come from one sequence, taken in the insert's row order, so sorting them restores the order given.
 */
export async function appendUpdates(tx: Tx, entries: { key: EditorKey; update: Uint8Array }[]): Promise<bigint[]> {
  if (entries.length === 0) return [];
  const column = (pick: (k: EditorKey) => string) => entries.map((e) => pick(e.key));
  const rows = await tx.$queryRaw<{ id: bigint }[]>`
    INSERT INTO "CrdtUpdate" ("apiKeyId", "organizationId", "documentId", "editorId", "update")
    SELECT v."apiKeyId", v."organizationId", v."documentId", v."editorId", decode(v."update", 'base64')
    FROM unnest(${column((k) => k.apiKeyId)}::text[], ${column((k) => k.organizationId)}::text[],
                ${column((k) => k.documentId)}::text[], ${column((k) => k.editorId)}::text[],
                ${entries.map((e) => Buffer.from(e.update).toString("base64"))}::text[])
         WITH ORDINALITY AS v("apiKeyId", "organizationId", "documentId", "editorId", "update", "n")
    ORDER BY v."n"
    RETURNING "id"`;
  return rows.map((r) => r.id).sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
}

export async function readLogRow(tx: Reader, apiKeyId: string, id: bigint): Promise<Uint8Array | undefined> {
  const row = await tx.crdtUpdate.findFirst({ where: { id, apiKeyId }, select: { update: true } });
  return row?.update;
}

/** Locks the editor's row for the rest of the transaction; null when there is none. */
async function lockRow(tx: Tx, k: EditorKey): Promise<{ state: Uint8Array } | null> {
  const locked = await tx.$queryRaw<{ state: Uint8Array }[]>`
    SELECT "state" FROM "CrdtDocument"
    WHERE "apiKeyId" = ${k.apiKeyId} AND "organizationId" = ${k.organizationId}
      AND "documentId" = ${k.documentId} AND "editorId" = ${k.editorId}
    FOR UPDATE`;
  return locked[0] ? { state: new Uint8Array(locked[0].state) } : null;
}

/**
 * Merges the log (and `extra`, e.g. the open document's state) into the locked row and deletes the log rows
 * merged. `check` sees the merged state before it is written (the size bound). Returns the new state, or
 * undefined when the editor has no row yet.
 */
export async function compactInto(
  tx: Tx,
  k: EditorKey,
  opts: { extra?: Uint8Array | null; lastUpdatedBy?: string; check?: (state: Uint8Array) => Uint8Array },
): Promise<Uint8Array | undefined> {
  const locked = await lockRow(tx, k);
  if (!locked) return undefined;
  const log = await readLog(tx, k);
  const updates = log.map((l) => l.update);
  if (opts.extra) updates.push(opts.extra);
  if (!updates.length && !opts.lastUpdatedBy) return locked.state;
  const merged = foldUpdates(locked.state, updates);
  const state = opts.check ? opts.check(merged) : merged;
  await tx.crdtDocument.update({
    where: { apiKeyId_organizationId_documentId_editorId: where(k) },
    data: { state: new Uint8Array(state), ...(opts.lastUpdatedBy && { lastUpdatedBy: opts.lastUpdatedBy }) },
  });
  if (log.length) await tx.crdtUpdate.deleteMany({ where: { ...where(k), id: { in: log.map((l) => l.id) } } });
  return state;
}

/** Creates the editor's row (when missing) with the given type, contentKey and state. */
export async function createRowIfMissing(
  tx: Tx,
  k: EditorKey,
  row: { type: CrdtType; contentKey: string; state: Uint8Array; lastUpdatedBy: string },
): Promise<boolean> {
  const { count } = await tx.crdtDocument.createMany({
    data: [
      {
        ...where(k),
        type: row.type,
        contentKey: row.contentKey,
        state: new Uint8Array(row.state),
        lastUpdatedBy: row.lastUpdatedBy,
      },
    ],
    skipDuplicates: true,
  });
  return count > 0;
}

/**
 * The CRDT type and contentKey of a live document's first non-empty root (XmlFragment → xml, Text → text,
 * Map → map, Array → array), for creating the row on a live client's first change.
 */
export function firstRoot(doc: Y.Doc): { type: CrdtType; contentKey: string } | undefined {
  for (const [name, root] of doc.share) {
    const type = rootType(root);
    if (type) return { type, contentKey: name };
  }
  return undefined;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function rootType(root: Y.AbstractType<any>): CrdtType | undefined {
  if (root instanceof Y.XmlFragment) return root.length ? "xml" : undefined;
  if (root instanceof Y.Text) return root.length ? "text" : undefined;
  if (root instanceof Y.Map) return root.size ? "map" : undefined;
  if (root instanceof Y.Array) return root.length ? "array" : undefined;
  // A root only a remote update defined is untyped: judge by its live content.
  for (const item of root._map.values()) if (!item.deleted) return "map";
  for (let item = root._start; item; item = item.right) {
    if (item.deleted) continue;
    const c = item.content;
    if (c instanceof Y.ContentString || c instanceof Y.ContentFormat || c instanceof Y.ContentEmbed) return "text";
    if (c instanceof Y.ContentType) {
      return c.type instanceof Y.XmlElement || c.type instanceof Y.XmlText || c.type instanceof Y.XmlHook
        ? "xml"
        : "array";
    }
    return "array";
  }
  return undefined;
}

/**
 * Every editor row of a document (or the one asked for) in creation order, each with its log folded into
 * `state` and `updatedAt` moved to its latest logged edit.
 */
export async function foldedRows(
  tx: Reader,
  apiKeyId: string,
  ref: { organizationId: string; documentId: string; editorId?: string },
) {
  const rows = await readEditorRowsWithLog(tx, apiKeyId, ref);
  return rows.map(({ updates, lastLoggedAt, ...row }) => {
    const type = row.type as CrdtType;
    if (!updates || !lastLoggedAt) return { ...row, type };
    return {
      ...row,
      type,
      state: foldUpdates(row.state, updates),
      updatedAt: lastLoggedAt > row.updatedAt ? lastLoggedAt : row.updatedAt,
    };
  });
}
