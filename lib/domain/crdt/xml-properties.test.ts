import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { parseXmlFragment, nodesXml } from "./xml-fragment";
import { docFromState, readContent, replacementUpdate } from "./yjs-content";
import type { Json } from "./xml-values";

// Random Yjs documents, built through Yjs's own API (formatting applied over ranges after the text is in, embeds
// dropped in, empty and adjacent texts, hooks, typed attributes, names no XML allows): what Get reads written
// back with Update changes nothing at all, and any document updated with another's reading reads as that one.

// Yjs itself cannot hold an object key "__proto__" (lib0 decodes objects by assignment) or a lone surrogate
// (its strings travel as UTF-8): such values are not documents a client could have made.
const storable = (v: Json) => !JSON.stringify(v).includes('"__proto__"');
const jsonValue: fc.Arbitrary<Json> = fc
  .jsonValue({ maxDepth: 2 })
  .map((v) => JSON.parse(JSON.stringify(v)) as Json)
  .filter(storable);
const trickyString = fc.oneof(
  fc.string({ maxLength: 6 }),
  fc.string({ unit: "grapheme", maxLength: 4 }),
  fc.constantFrom(
    "2",
    "true",
    "null",
    "{}",
    '"x"',
    "[1]",
    "-1.5",
    "1e21",
    " 2",
    "007",
    "a&b<c>\"'",
    "t\tn\nr\r",
    "\u0001",
    "",
  ),
);
const attrValue: fc.Arbitrary<Json> = fc.oneof(trickyString, jsonValue, fc.integer(), fc.boolean(), fc.constant(null));
const nodeName = fc.constantFrom(
  "paragraph",
  "heading",
  "blockGroup",
  "bulletList",
  "m:x",
  "y:text",
  "c--a+b/=",
  "a_x0041_",
  "svg:rect",
  "ü",
  "1st",
);
const attrName = fc.constantFrom("level", "id", "textAlignment", "m:value", "y:name", "data-x", "a b", "checked");
const markName = fc.constantFrom("bold", "italic", "link", "comment--x+y=", "m:value", "textColor");
const markValue: fc.Arbitrary<Json> = fc.oneof(
  fc.constant({}),
  fc.dictionary(attrName, attrValue, { maxKeys: 3 }),
  fc.constantFrom(true, "red", 3),
);

type Spec =
  | { t: "el"; name: string; attrs: [string, Json][]; children: Spec[] }
  | { t: "text"; text: string; formats: [number, number, string, Json][]; embeds: [number, Record<string, Json>][] }
  | { t: "hook"; name: string; entries: [string, Json][] };

const { node } = fc.letrec<{ node: Spec; el: Spec; text: Spec; hook: Spec }>((tie) => ({
  node: fc.oneof({ depthSize: "small", withCrossShrink: true }, tie("text"), tie("el"), tie("el"), tie("hook")),
  el: fc.record({
    t: fc.constant("el" as const),
    name: nodeName,
    attrs: fc.array(fc.tuple(attrName, attrValue), { maxLength: 3 }),
    children: fc.array(tie("node"), { maxLength: 4 }),
  }),
  text: fc.record({
    t: fc.constant("text" as const),
    text: trickyString,
    formats: fc.array(fc.tuple(fc.nat(8), fc.nat(8), markName, markValue), { maxLength: 4 }),
    embeds: fc.array(
      fc.tuple(
        fc.nat(8),
        fc.dictionary(attrName, attrValue, { minKeys: 1, maxKeys: 2 }).filter((o) => storable(o as Json)),
      ),
      { maxLength: 2 },
    ),
  }),
  hook: fc.record({
    t: fc.constant("hook" as const),
    name: fc.constantFrom("hook", "x y"),
    entries: fc.array(fc.tuple(attrName, attrValue), { maxLength: 2 }),
  }),
}));
const fragment = fc.array(node, { maxLength: 5 });

function build(spec: Spec, parent: Y.XmlFragment, index: number) {
  if (spec.t === "el") {
    const el = new Y.XmlElement(spec.name);
    parent.insert(index, [el]);
    for (const [k, v] of spec.attrs) if (storable(v)) el.setAttribute(k, v as string);
    spec.children.forEach((c, i) => build(c, el, i));
  } else if (spec.t === "hook") {
    const hook = new Y.XmlHook(spec.name);
    parent.insert(index, [hook as unknown as Y.XmlElement]);
    for (const [k, v] of spec.entries) if (storable(v)) hook.set(k, v);
  } else {
    const text = new Y.XmlText();
    parent.insert(index, [text]);
    text.insert(0, spec.text);
    for (const [at, embed] of spec.embeds) text.insertEmbed(Math.min(at, text.length), embed);
    for (const [at, length, name, value] of spec.formats) {
      const start = Math.min(at, text.length);
      text.format(start, Math.min(length, text.length - start), { [name]: value });
    }
  }
}

function stateOf(specs: Spec[]): Uint8Array {
  const doc = new Y.Doc();
  specs.forEach((s, i) => build(s, doc.getXmlFragment("content"), i));
  return Y.encodeStateAsUpdate(doc);
}

const read = (state: Uint8Array) => readContent(docFromState(state), "xml", "content") as string;

describe("weft XML of random Yjs fragments", () => {
  it("reads as XML that parses back to itself, and writing it back changes nothing", () => {
    fc.assert(
      fc.property(fragment, (specs) => {
        const state = stateOf(specs);
        const xml = read(state);
        expect(nodesXml(parseXmlFragment(xml))).toBe(xml);
        expect(replacementUpdate(state, "xml", "content", xml)).toBeNull();
      }),
      { numRuns: 300 },
    );
  }, 180_000);

  it("turns any fragment into any other: after the update, Get reads exactly what was written", () => {
    fc.assert(
      fc.property(fragment, fragment, (from, to) => {
        const state = stateOf(from);
        const target = read(stateOf(to));
        const update = replacementUpdate(state, "xml", "content", target);
        const doc = docFromState(state);
        if (update) Y.applyUpdate(doc, update);
        expect(readContent(doc, "xml", "content")).toBe(target);
      }),
      { numRuns: 300 },
    );
  }, 180_000);
});

describe("map and array content", () => {
  const mapData = fc
    .dictionary(fc.string({ maxLength: 4 }), jsonValue, { maxKeys: 5 })
    .filter((o) => storable(o as Json));
  const arrayData = fc.array(jsonValue, { maxLength: 6 });

  it("writing back what Get read changes nothing; any content turns into any other", () => {
    for (const [type, data] of [
      ["map", mapData],
      ["array", arrayData],
    ] as const) {
      fc.assert(
        fc.property(data, data, (a, b) => {
          const doc = new Y.Doc();
          const first = replacementUpdate(Y.encodeStateAsUpdate(doc), type, "content", a);
          if (first) Y.applyUpdate(doc, first);
          const state = Y.encodeStateAsUpdate(doc);
          expect(
            replacementUpdate(state, type, "content", readContent(docFromState(state), type, "content")),
          ).toBeNull();
          const second = replacementUpdate(state, type, "content", b);
          if (second) Y.applyUpdate(doc, second);
          expect(readContent(doc, type, "content")).toEqual(b);
        }),
        { numRuns: 200 },
      );
    }
  }, 180_000);
});
