import { isDeepStrictEqual } from "node:util";
import * as Y from "yjs";
import type { CrdtType } from "./crdt-input";
import { fragmentToXml, nodeToXml, parseXmlFragment, toYjs, xmlNodeToString } from "./xml-fragment";

// Replacing an editor's content with new JSON through the smallest Yjs operations that get there (common
// prefix and suffix kept, changed map keys only), so live clients keep their cursors and a concurrent
// change elsewhere in the document survives the merge.

type Json = unknown;
type JsonObject = Record<string, Json>;

const isObject = (v: Json): v is JsonObject => typeof v === "object" && v !== null && !Array.isArray(v);

/** Lengths of the common prefix and suffix of two sequences (the suffix never overlaps the prefix). */
function commonEnds<T>(a: readonly T[], b: readonly T[], same: (x: T, y: T) => boolean) {
  let start = 0;
  while (start < a.length && start < b.length && same(a[start], b[start])) start++;
  let end = 0;
  while (end < a.length - start && end < b.length - start && same(a[a.length - 1 - end], b[b.length - 1 - end])) end++;
  return { start, end };
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

function replaceText(text: Y.Text, next: string) {
  const current = text.toString();
  let { start, end } = commonEnds(current.split(""), next.split(""), (x, y) => x === y);
  // Y.Text counts UTF-16 units; never cut a surrogate pair in half.
  if (start > 0 && isHighSurrogate(current.charCodeAt(start - 1))) start--;
  if (end > 0 && isLowSurrogate(current.charCodeAt(current.length - end))) end--;
  const removed = current.length - start - end;
  if (removed > 0) text.delete(start, removed);
  const inserted = next.slice(start, next.length - end);
  if (inserted) text.insert(start, inserted);
}

/** A plain object becomes a nested Y.Map, so that concurrent edits of different keys at any depth merge. */
function toMapValue(value: Json): Json | Y.Map<unknown> {
  if (!isObject(value)) return value;
  const map = new Y.Map<unknown>();
  for (const [k, v] of Object.entries(value)) map.set(k, toMapValue(v));
  return map;
}

function replaceMap(map: Y.Map<unknown>, next: JsonObject) {
  for (const key of [...map.keys()]) if (!(key in next)) map.delete(key);
  for (const [key, value] of Object.entries(next)) {
    const existing = map.get(key);
    if (isObject(value) && existing instanceof Y.Map) replaceMap(existing, value);
    else if (existing instanceof Y.AbstractType || !map.has(key) || !isDeepStrictEqual(existing, value))
      map.set(key, toMapValue(value));
  }
}

function replaceArray(array: Y.Array<unknown>, next: Json[]) {
  const current = array.toArray();
  const { start, end } = commonEnds(current, next, isDeepStrictEqual);
  const removed = current.length - start - end;
  if (removed > 0) array.delete(start, removed);
  const inserted = next.slice(start, next.length - end);
  if (inserted.length) array.insert(start, inserted);
}

function replaceXml(fragment: Y.XmlFragment, xml: string) {
  const next = parseXmlFragment(xml);
  const { start, end } = commonEnds(fragment.toArray().map(nodeToXml), next.map(xmlNodeToString), (a, b) => a === b);
  const removed = fragment.length - start - end;
  if (removed > 0) fragment.delete(start, removed);
  const inserted = next.slice(start, next.length - end);
  if (inserted.length) fragment.insert(start, inserted.map(toYjs));
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
