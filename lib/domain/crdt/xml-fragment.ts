import { XMLParser, XMLValidator } from "fast-xml-parser";
import * as Y from "yjs";
import { invalid } from "../errors";
import { MARK_PREFIX, YJS_PREFIX, decodeName, encodeName } from "./xml-names";
import { attribute, attributeText, attributeValue, decodeEntities, escapeText, type Json } from "./xml-values";

// weft's XML for a Y.XmlFragment, lossless in both directions (docs/crdt.md "XML"):
//   <name attr="value">…</name>   a Y.XmlElement; attribute values typed as in xml-values.ts
//   text                          a Y.XmlText (the text and formatting between two elements)
//   <m:bold>…</m:bold>            formatting of the text inside (a ProseMirror mark): the formatting attribute
//                                 `bold` = {}; the m: element's attributes are the value's keys
//                                 (<m:link href="…">), `m:value` holds a value that is not an object
//   <y:embed k="v"/>              an embed inside a Y.XmlText (its value an object)
//   <y:text>…</y:text>            a Y.XmlText written explicitly: an empty one, or one right after another
//   <y:hook y:name="h" k="v"/>    a Y.XmlHook
// XML comments, processing instructions and the XML declaration carry nothing; CDATA is text.

export type Attributes = Record<string, Json>;

export interface TextOp {
  /** A string, or an embed's value. */
  insert: string | Attributes;
  attributes?: Attributes;
}

export type XmlNode =
  | { kind: "element"; name: string; attributes: Attributes; children: XmlNode[] }
  | { kind: "text"; delta: TextOp[] }
  | { kind: "hook"; name: string; entries: Attributes };

const MARK_VALUE = `${MARK_PREFIX}value`;
const HOOK_NAME = `${YJS_PREFIX}name`;
const TEXT = `${YJS_PREFIX}text`;
const EMBED = `${YJS_PREFIX}embed`;
const HOOK = `${YJS_PREFIX}hook`;

// Keys are client data: "__proto__" is a name like any other.
const record = (): Attributes => Object.create(null) as Attributes;

const isObject = (v: unknown): v is Attributes => typeof v === "object" && v !== null && !Array.isArray(v);

/** Equality of JSON values, whatever the key order and prototype of their objects. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((v, i) => sameJson(v, b[i]));
  if (!isObject(a) || !isObject(b) || Array.isArray(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && sameJson(a[k], b[k]));
}

// ---------------------------------------------------------------------------------------------------------------
// Parsing

// The data is a fragment (several top-level elements, text between them), so it is checked and parsed
// inside a wrapper element of our own. Entities are resolved here (decodeEntities), not by the parser, whose own
// handling skips character references.
const WRAPPER = "weft-fragment";

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: "",
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  processEntities: false,
  htmlEntities: false,
  cdataPropName: "#cdata",
});

type Parsed = Record<string, unknown> & { ":@"?: Record<string, string> };

function notWellFormed(detail: string): never {
  throw invalid(`Data must be well-formed XML for type xml: ${detail}`);
}

/** Parses an XML fragment, refusing anything that is not well-formed. */
export function parseXmlFragment(xml: string): XmlNode[] {
  if (/<!DOCTYPE/i.test(xml)) notWellFormed("DOCTYPE declarations are not allowed.");
  const wrapped = `<${WRAPPER}>${xml}</${WRAPPER}>`;
  const check = XMLValidator.validate(wrapped);
  if (check !== true) {
    const { msg, line, col } = check.err;
    // Report positions in the caller's text, not in the wrapped one.
    const column = line === 1 ? col - WRAPPER.length - 2 : col;
    const detail = msg
      .replaceAll(`closing tag '${WRAPPER}'`, "the end of the data")
      .replace(/ \(opened in line \d+, col \d+\)/, "");
    notWellFormed(`${detail.replace(/\.$/, "")} (line ${line}, column ${Math.max(column, 1)}).`);
  }
  const [root] = parser.parse(wrapped) as Parsed[];
  return childrenOf((root?.[WRAPPER] as Parsed[] | undefined) ?? []);
}

function tagOf(item: Parsed): string | undefined {
  return Object.keys(item).find((k) => k !== ":@");
}

function attributesOf(item: Parsed, skip?: string): Attributes {
  const out = record();
  for (const [name, raw] of Object.entries(item[":@"] ?? {})) {
    if (name !== skip) out[decodeName(name)] = attributeValue(decodeEntities(raw));
  }
  return out;
}

/** Collects text, marks and embeds into the ops of one Y.XmlText (adjacent strings of equal formatting merged). */
class TextBuilder {
  ops: TextOp[] = [];

  add(insert: string | Attributes, marks: Attributes) {
    if (insert === "") return;
    const attributes = Object.keys(marks).length ? { ...marks } : undefined;
    const last = this.ops[this.ops.length - 1];
    if (typeof insert === "string" && typeof last?.insert === "string" && sameJson(last.attributes, attributes)) {
      last.insert += insert;
    } else {
      this.ops.push(attributes ? { insert, attributes } : { insert });
    }
  }

  /** Text, marks and embeds of `items` under the formatting `marks`. */
  collect(items: Parsed[], marks: Attributes) {
    for (const item of items) {
      const tag = tagOf(item);
      if (tag === undefined || tag.startsWith("?")) continue;
      if (tag === "#text") this.add(decodeEntities(String(item[tag])), marks);
      else if (tag === "#cdata") this.add(cdataText(item[tag]), marks);
      else if (tag === EMBED) this.add(attributesOf(item), marks);
      else if (tag.startsWith(MARK_PREFIX)) this.collect(item[tag] as Parsed[], { ...marks, ...markOf(item, tag) });
      else notWellFormed(`<${tag}> cannot stand inside formatting; only text, <m:…> and <y:embed/> can.`);
    }
  }
}

function cdataText(value: unknown): string {
  return (value as Parsed[]).map((p) => String(p["#text"] ?? "")).join("");
}

function markOf(item: Parsed, tag: string): Attributes {
  const name = decodeName(tag.slice(MARK_PREFIX.length));
  const raw = item[":@"]?.[MARK_VALUE];
  const value = raw === undefined ? attributesOf(item) : attributeValue(decodeEntities(raw));
  const mark = record();
  mark[name] = value;
  return mark;
}

function childrenOf(items: Parsed[]): XmlNode[] {
  const out: XmlNode[] = [];
  let text: TextBuilder | undefined;
  const flush = () => {
    if (text?.ops.length) out.push({ kind: "text", delta: text.ops });
    text = undefined;
  };
  for (const item of items) {
    const tag = tagOf(item);
    if (tag === undefined || tag.startsWith("?")) continue; // processing instructions carry no content
    if (tag === "#text" || tag === "#cdata" || tag === EMBED || tag.startsWith(MARK_PREFIX)) {
      text ??= new TextBuilder();
      text.collect([item], record());
      continue;
    }
    flush();
    const content = item[tag] as Parsed[];
    if (tag === TEXT) {
      const explicit = new TextBuilder();
      explicit.collect(content, record());
      out.push({ kind: "text", delta: explicit.ops });
    } else if (tag === HOOK) {
      const name = item[":@"]?.[HOOK_NAME];
      if (name === undefined) notWellFormed(`<${HOOK}> needs a ${HOOK_NAME} attribute.`);
      out.push({ kind: "hook", name: decodeEntities(name), entries: attributesOf(item, HOOK_NAME) });
    } else if (tag.startsWith(YJS_PREFIX)) {
      notWellFormed(`<${tag}> is not an element weft knows; names starting with y: are reserved.`);
    } else {
      out.push({
        kind: "element",
        name: decodeName(tag),
        attributes: attributesOf(item),
        children: childrenOf(content),
      });
    }
  }
  flush();
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Writing

function attributesXml(attributes: Attributes): string {
  return Object.keys(attributes)
    .sort()
    .map((k) => attribute(encodeName(k), attributeText(attributes[k])))
    .join("");
}

const markKey = (name: string, value: Json) => `${name}\u0000${JSON.stringify(value)}`;

function openMark(name: string, value: Json): string {
  const attrs = isObject(value) ? attributesXml(value) : attribute(MARK_VALUE, attributeText(value));
  return `<${MARK_PREFIX}${encodeName(name)}${attrs}>`;
}

/**
 * A Y.XmlText's content. Formatting that continues over several runs stays open across them, the longest
 * running outermost: `<m:bold>a <m:italic>b</m:italic></m:bold>`.
 */
function textXml(delta: TextOp[]): string {
  let out = "";
  const open: { name: string; key: string }[] = [];
  const keysAt = delta.map((op) => new Set(Object.entries(op.attributes ?? {}).map(([k, v]) => markKey(k, v))));
  const reach = (key: string, from: number) => {
    let to = from;
    while (to < delta.length && keysAt[to].has(key)) to++;
    return to - from;
  };
  delta.forEach((op, i) => {
    let keep = 0;
    while (keep < open.length && keysAt[i].has(open[keep].key)) keep++;
    while (open.length > keep) out += `</${MARK_PREFIX}${encodeName(open.pop()!.name)}>`;
    const opened = new Set(open.map((m) => m.key));
    const starting = Object.entries(op.attributes ?? {})
      .map(([name, value]) => ({ name, value, key: markKey(name, value), reach: reach(markKey(name, value), i) }))
      .filter((m) => !opened.has(m.key))
      .sort((a, b) => b.reach - a.reach || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const m of starting) {
      out += openMark(m.name, m.value);
      open.push(m);
    }
    out += typeof op.insert === "string" ? escapeText(op.insert) : `<${EMBED}${attributesXml(op.insert)}/>`;
  });
  while (open.length) out += `</${MARK_PREFIX}${encodeName(open.pop()!.name)}>`;
  return out;
}

/** One node as XML; `afterText` when the previous sibling is a Y.XmlText too (it then needs <y:text>). */
export function nodeXml(node: XmlNode, afterText = true): string {
  if (node.kind === "text") {
    const inner = textXml(node.delta);
    return afterText || !inner ? `<${TEXT}>${inner}</${TEXT}>` : inner;
  }
  if (node.kind === "hook") {
    return `<${HOOK}${attribute(HOOK_NAME, node.name)}${attributesXml(node.entries)}/>`;
  }
  const open = `<${encodeName(node.name)}${attributesXml(node.attributes)}`;
  const inner = nodesXml(node.children);
  return inner ? `${open}>${inner}</${encodeName(node.name)}>` : `${open}/>`;
}

export function nodesXml(nodes: XmlNode[]): string {
  return nodes.map((n, i) => nodeXml(n, nodes[i - 1]?.kind === "text")).join("");
}

// ---------------------------------------------------------------------------------------------------------------
// Yjs

export type YNode = Y.XmlElement | Y.XmlText | Y.XmlHook;

/** A value as JSON: embedded Yjs types (which no XML can hold) as their JSON, bytes as arrays of numbers. */
function jsonOf(value: unknown): Json {
  if (value instanceof Y.AbstractType) return value.toJSON() as Json;
  if (value instanceof Uint8Array) return Array.from(value);
  return value as Json;
}

function attributesFrom(entries: Iterable<[string, unknown]>): Attributes {
  const out = record();
  for (const [k, v] of entries) if (v !== undefined) out[k] = jsonOf(v);
  return out;
}

export function textDelta(text: Y.XmlText): TextOp[] {
  const builder = new TextBuilder();
  for (const op of text.toDelta() as { insert: unknown; attributes?: Record<string, unknown> }[]) {
    const marks = attributesFrom(Object.entries(op.attributes ?? {}));
    const insert = typeof op.insert === "string" ? op.insert : jsonOf(op.insert);
    builder.add(isObject(insert) || typeof insert === "string" ? insert : { value: insert }, marks);
  }
  return builder.ops;
}

/** A Yjs node as the tree XML is written from. */
export function readNode(node: YNode): XmlNode {
  if (node instanceof Y.XmlText) return { kind: "text", delta: textDelta(node) };
  if (node instanceof Y.XmlHook) return { kind: "hook", name: node.hookName, entries: attributesFrom(node.entries()) };
  return {
    kind: "element",
    name: node.nodeName,
    attributes: attributesFrom(Object.entries(node.getAttributes())),
    children: node.toArray().map(readNode),
  };
}

/** The fragment as weft's XML. */
export function fragmentToXml(fragment: Y.XmlFragment): string {
  return nodesXml(fragment.toArray().map(readNode));
}

/** Appends a delta's ops to a Y.XmlText at `index`; returns the length inserted. */
export function insertOps(text: Y.XmlText, index: number, ops: TextOp[]): number {
  let at = index;
  for (const op of ops) {
    // A fresh object each time: Yjs adds the formatting to cancel into the object it is given.
    const attributes = { ...op.attributes };
    if (typeof op.insert === "string") {
      text.insert(at, op.insert, attributes);
      at += op.insert.length;
    } else {
      text.insertEmbed(at, { ...op.insert }, attributes);
      at += 1;
    }
  }
  return at - index;
}

/** A new Yjs node holding the content, ready to insert into a fragment or element. */
export function toYjs(node: XmlNode): YNode {
  if (node.kind === "text") {
    const text = new Y.XmlText();
    insertOps(text, 0, node.delta);
    return text;
  }
  if (node.kind === "hook") {
    const hook = new Y.XmlHook(node.name);
    for (const [k, v] of Object.entries(node.entries)) hook.set(k, v);
    return hook;
  }
  const el = new Y.XmlElement(node.name);
  for (const [k, v] of Object.entries(node.attributes)) el.setAttribute(k, v as string);
  insertNodes(el, 0, node.children);
  return el;
}

/** Inserts new nodes for `nodes` into a fragment or element (Yjs types the children as elements and texts only). */
export function insertNodes(parent: Y.XmlFragment, index: number, nodes: XmlNode[]) {
  parent.insert(index, nodes.map(toYjs) as (Y.XmlElement | Y.XmlText)[]);
}
