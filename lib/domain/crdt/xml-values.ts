import { invalid } from "../errors";

// Typed attribute values and character escaping of weft's XML. Yjs stores attribute values as JSON values
// (Tiptap's heading `level` is the number 2, a task's `checked` a boolean), XML only has text, so an attribute
// reads as JSON when it is `true`, `false`, `null`, a number written the way JSON writes it, or JSON that starts
// with `{`, `[` or `"`; anything else is a string. A string that would read as something else is written as a
// JSON string: the string "2" is `level='"2"'`. Reading and writing are exact inverses.

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const JSON_START = /^[[{"]/;

/** The value an attribute's text stands for. */
export function attributeValue(text: string): Json {
  if (text === "true") return true;
  if (text === "false") return false;
  if (text === "null") return null;
  if (/^-?\d/.test(text)) {
    const n = Number(text);
    if (Number.isFinite(n) && JSON.stringify(n) === text) return n;
  }
  if (JSON_START.test(text)) {
    try {
      return JSON.parse(text) as Json;
    } catch {
      // not JSON: a string
    }
  }
  return text;
}

/** The text an attribute value is written as. */
export function attributeText(value: Json): string {
  if (typeof value === "string" && attributeValue(value) === value) return value;
  return JSON.stringify(value) ?? "null";
}

// Characters XML cannot hold literally (or that a parser would change: \r becomes \n, tabs and newlines in an
// attribute become spaces) are written as character references.
const CONTROL =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const charRef = (ch: string) => `&#${ch.charCodeAt(0)};`;

export function escapeText(s: string): string {
  return s
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll("\r", "&#13;")
    .replace(CONTROL, charRef);
}

/** An attribute, quoted with ' when the value holds " and no ' (JSON reads better that way). */
export function attribute(name: string, text: string): string {
  const quote = text.includes('"') && !text.includes("'") ? "'" : '"';
  const escaped = escapeText(text)
    .replaceAll(quote, quote === '"' ? "&quot;" : "&apos;")
    .replaceAll("\t", "&#9;")
    .replaceAll("\n", "&#10;");
  return ` ${name}=${quote}${escaped}${quote}`;
}

const PREDEFINED = new Map([
  ["amp", "&"],
  ["lt", "<"],
  ["gt", ">"],
  ["quot", '"'],
  ["apos", "'"],
]);

/** Resolves XML's five entities and character references; any other entity is refused. */
export function decodeEntities(s: string): string {
  if (!s.includes("&")) return s;
  return s.replace(/&(#x[0-9A-Fa-f]+|#[0-9]+|[A-Za-z_][\w.-]*);/g, (ref, body: string) => {
    if (body[0] !== "#") {
      const ch = PREDEFINED.get(body);
      if (ch === undefined) throw invalid(`Data must be well-formed XML for type xml: unknown entity ${ref}`);
      return ch;
    }
    const code = body[1] === "x" ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
    if (code > 0x10ffff) throw invalid(`Data must be well-formed XML for type xml: invalid character reference ${ref}`);
    return String.fromCodePoint(code);
  });
}
