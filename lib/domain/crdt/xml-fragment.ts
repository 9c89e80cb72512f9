import { XMLParser, XMLValidator } from "fast-xml-parser";
import * as Y from "yjs";
import { invalid } from "../errors";

// XML strings <-> Y.XmlFragment, the shape rich-text bindings (TipTap/ProseMirror) use: each element is a
// Y.XmlElement with string attributes, each run of text a Y.XmlText.

export type XmlNode =
  | { kind: "text"; text: string }
  | { kind: "element"; name: string; attributes: Record<string, string>; children: XmlNode[] };

// The data is a fragment (several top-level elements, text between them), so it is checked and parsed
// inside a wrapper element of our own.
const WRAPPER = "weft-fragment";

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: "",
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  processEntities: true,
  htmlEntities: false,
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
  return toNodes((root?.[WRAPPER] as Parsed[] | undefined) ?? []);
}

function toNodes(items: Parsed[]): XmlNode[] {
  const out: XmlNode[] = [];
  for (const item of items) {
    const name = Object.keys(item).find((k) => k !== ":@");
    if (name === undefined || name.startsWith("?")) continue; // processing instructions carry no content
    if (name === "#text") {
      const text = String(item[name]);
      const last = out[out.length - 1];
      if (last?.kind === "text") last.text += text;
      else if (text) out.push({ kind: "text", text });
      continue;
    }
    out.push({ kind: "element", name, attributes: { ...item[":@"] }, children: toNodes(item[name] as Parsed[]) });
  }
  return out;
}

/** A Yjs type for the node, ready to insert into a fragment or element. */
export function toYjs(node: XmlNode): Y.XmlElement | Y.XmlText {
  if (node.kind === "text") return new Y.XmlText(node.text);
  const el = new Y.XmlElement(node.name);
  for (const [k, v] of Object.entries(node.attributes)) el.setAttribute(k, v);
  el.insert(0, node.children.map(toYjs));
  return el;
}

const escapeText = (s: string) => s.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
const escapeAttr = (s: string) => escapeText(s).replaceAll('"', "&quot;");

function openTag(name: string, attributes: Record<string, unknown>): string {
  const attrs = Object.entries(attributes)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .filter(([, v]) => v !== undefined && v !== null)
    .map(([k, v]) => ` ${k}="${escapeAttr(typeof v === "string" ? v : JSON.stringify(v))}"`)
    .join("");
  return `<${name}${attrs}`;
}

function textToXml(text: Y.XmlText): string {
  let out = "";
  for (const op of text.toDelta() as { insert: unknown; attributes?: Record<string, unknown> }[]) {
    if (typeof op.insert !== "string") continue;
    let piece = escapeText(op.insert);
    // Formatting marks (bold, link, ...) become wrapping elements, as Yjs itself renders them.
    for (const [mark, value] of Object.entries(op.attributes ?? {}).sort(([a], [b]) => b.localeCompare(a))) {
      const attrs = typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
      piece = `${openTag(mark, attrs)}>${piece}</${mark}>`;
    }
    out += piece;
  }
  return out;
}

function elementToXml(name: string, attributes: Record<string, unknown>, inner: string): string {
  const open = openTag(name, attributes);
  return inner ? `${open}>${inner}</${name}>` : `${open}/>`;
}

/** One Yjs node as XML. */
export function nodeToXml(node: Y.XmlElement | Y.XmlText | Y.XmlHook): string {
  if (node instanceof Y.XmlText) return textToXml(node);
  if (!(node instanceof Y.XmlElement)) return "";
  return elementToXml(node.nodeName, node.getAttributes(), node.toArray().map(nodeToXml).join(""));
}

/** One parsed node as XML, exactly as nodeToXml renders the same content once it is in a document. */
export function xmlNodeToString(node: XmlNode): string {
  if (node.kind === "text") return escapeText(node.text);
  return elementToXml(node.name, node.attributes, node.children.map(xmlNodeToString).join(""));
}

/** The fragment as an XML string, escaped so that it parses back to the same content. */
export function fragmentToXml(fragment: Y.XmlFragment): string {
  return fragment.toArray().map(nodeToXml).join("");
}
