import { isDeepStrictEqual } from "node:util";
import * as Y from "yjs";
import type { CrdtType } from "./crdt-input";
import { align, applySteps } from "./sequence-diff";
import { editText } from "./text-diff";
import { editChildren } from "./xml-diff";
import { fragmentToXml, parseXmlFragment } from "./xml-fragment";

// Replacing an editor's content with new JSON through the smallest Yjs operations that get there, at every
// depth: text edited by characters, only the changed map keys set, array items and XML nodes that did not
// change kept and those of the same kind edited in place. Live clients keep their cursors, and a concurrent
// change elsewhere in the document survives the merge. A write of the content as read changes nothing.

type Json = unknown;
type JsonObject = Record<string, Json>;

const isObject = (v: Json): v is JsonObject => typeof v === "object" && v !== null && !Array.isArray(v);

const jsonOf = (v: unknown): Json => (v instanceof Y.AbstractType ? v.toJSON() : v);

/** JSON with object keys sorted: equal values, equal keys. */
function stableKey(value: Json): string {
  return JSON.stringify(value, (_k, v: Json) =>
    isObject(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, v[k]]),
        )
      : v,
  );
}

function replaceText(text: Y.Text, next: string) {
  editText(text, [{ insert: text.toString() }], [{ insert: next }], false);
}

/** A plain object becomes a nested Y.Map, so that concurrent edits of different keys at any depth merge. */
function toMapValue(value: Json): Json | Y.Map<unknown> {
  if (!isObject(value)) return value;
  const map = new Y.Map<unknown>();
  for (const [k, v] of Object.entries(value)) map.set(k, toMapValue(v));
  return map;
}

/**
 * Edits a shared type in place into `next` when it can hold it (a Y.Map an object, a Y.Array an array, a
 * Y.Text a string); false when it cannot.
 */
function editInPlace(existing: unknown, next: Json): boolean {
  if (existing instanceof Y.Map && isObject(next)) replaceMap(existing, next);
  else if (existing instanceof Y.Array && Array.isArray(next)) replaceArray(existing, next);
  else if (existing instanceof Y.Text && !(existing instanceof Y.XmlText) && typeof next === "string")
    replaceText(existing, next);
  else return false;
  return true;
}

function replaceMap(map: Y.Map<unknown>, next: JsonObject) {
  for (const key of [...map.keys()]) if (!Object.hasOwn(next, key)) map.delete(key);
  for (const [key, value] of Object.entries(next)) {
    const existing = map.get(key);
    if (map.has(key) && isDeepStrictEqual(jsonOf(existing), value)) continue;
    if (!editInPlace(existing, value)) map.set(key, toMapValue(value));
  }
}

/** A kind for pairing array items to edit in place: only shared types can be edited, plain values are replaced. */
function editableKind(value: unknown, index: number, side: string): string {
  if (value instanceof Y.Map || isObject(value)) return "map";
  if (value instanceof Y.Array || Array.isArray(value)) return "array";
  if ((value instanceof Y.Text && !(value instanceof Y.XmlText)) || typeof value === "string") return "text";
  return `${side}${index}`;
}

function replaceArray(array: Y.Array<unknown>, next: Json[]) {
  const current = array.toArray();
  const steps = align(
    current.map((v) => stableKey(jsonOf(v))),
    next.map(stableKey),
    current.map((v, i) => (v instanceof Y.AbstractType ? editableKind(v, i, "a") : `a${i}`)),
    next.map((v, i) => editableKind(v, i, "b")),
  );
  applySteps(steps, next, {
    delete: (index, count) => array.delete(index, count),
    insert: (index, values) => array.insert(index, values),
    edit: (from, to) => editInPlace(current[from], next[to]),
  });
}

function replaceXml(fragment: Y.XmlFragment, xml: string) {
  editChildren(fragment, parseXmlFragment(xml));
}

/** Makes the doc's `key` root hold `data` (already checked to fit `type`). */
export function writeContent(doc: Y.Doc, type: CrdtType, key: string, data: Json) {
  doc.transact(() => {
    if (type === "text") replaceText(doc.getText(key), data as string);
    else if (type === "map") replaceMap(doc.getMap(key), data as JsonObject);
    else if (type === "array") replaceArray(doc.getArray(key), data as Json[]);
    else replaceXml(doc.getXmlFragment(key), data as string);
  });
}

/** The content as JSON: a string for text and xml, an object for map, an array for array. */
export function readContent(doc: Y.Doc, type: CrdtType, key: string): string | JsonObject | Json[] {
  if (type === "text") return doc.getText(key).toString();
  if (type === "map") return doc.getMap(key).toJSON();
  if (type === "array") return doc.getArray(key).toJSON();
  return fragmentToXml(doc.getXmlFragment(key));
}

/**
 * A Y.Doc to decode, read or diff and then drop. Its guid is fixed: Yjs's default is a uuid that lib0 builds from
 * 31 calls to crypto.getRandomValues (through Next's patched crypto: 15 % of Get CRDT Data's CPU in the profile),
 * and a document that is never shared or nested needs no identity.
 */
export const scratchDoc = () => new Y.Doc({ guid: "weft-scratch" });

export function docFromState(state: Uint8Array): Y.Doc {
  const doc = scratchDoc();
  Y.applyUpdate(doc, state);
  return doc;
}

/** The Yjs update that turns `state` into one holding `data`, or null when nothing changes. */
export function replacementUpdate(state: Uint8Array, type: CrdtType, key: string, data: Json): Uint8Array | null {
  const doc = docFromState(state);
  let update: Uint8Array | null = null;
  doc.on("update", (u: Uint8Array) => {
    update = update ? Y.mergeUpdates([update, u]) : u;
  });
  writeContent(doc, type, key, data);
  return update;
}
