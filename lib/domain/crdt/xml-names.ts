// Names of Yjs XML nodes, attributes and formatting marks as XML names. Yjs allows any string (y-prosemirror's
// overlapping marks are named like "comment--a+b/c="), XML does not, so a character that may not stand where it
// is, is written `_xHHHH_` (`_xHHHHHHHH_` above U+FFFF), the convention of .NET's XmlConvert.EncodeName and SQL
// Server. A literal `_` that would read as such an escape is escaped itself. The prefixes `m:` (marks) and `y:`
// (Yjs structure) are weft's own: a name that starts with one has that colon escaped.

const START =
  /[A-Z_a-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u02FF\u0370-\u037D\u037F-\u1FFF\u200C-\u200D\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD\u{10000}-\u{EFFFF}]/u;
const REST = /[-.0-9\u00B7\u0300-\u036F\u203F-\u2040:]/u;
const ESCAPE = /_x([0-9A-Fa-f]{4}|[0-9A-Fa-f]{8})_/g;
const LOOKS_ESCAPED = /^_x([0-9A-Fa-f]{4}|[0-9A-Fa-f]{8})_/;

export const MARK_PREFIX = "m:";
export const YJS_PREFIX = "y:";

function hex(codePoint: number): string {
  const digits = codePoint > 0xffff ? 8 : 4;
  return `_x${codePoint.toString(16).toUpperCase().padStart(digits, "0")}_`;
}

/** A Yjs name as an XML name that `decodeName` turns back into it. */
export function encodeName(name: string): string {
  const reserved = name.startsWith(MARK_PREFIX) || name.startsWith(YJS_PREFIX);
  let out = "";
  let index = 0;
  for (const ch of name) {
    const valid = START.test(ch) || (index > 0 && REST.test(ch));
    const colonOfPrefix = reserved && index === 1;
    const literalEscape = ch === "_" && LOOKS_ESCAPED.test(name.slice(index));
    out += valid && !colonOfPrefix && !literalEscape ? ch : hex(ch.codePointAt(0)!);
    index += ch.length;
  }
  return out;
}

/** The Yjs name an XML name stands for. */
export function decodeName(name: string): string {
  return name.replace(ESCAPE, (escape, digits: string) => {
    const codePoint = parseInt(digits, 16);
    return codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : escape;
  });
}
