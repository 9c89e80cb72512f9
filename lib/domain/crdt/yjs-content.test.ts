import * as Y from "yjs";
import { describe, expect, it } from "vitest";
import { parseXmlFragment, xmlNodeToString } from "./xml-fragment";
import { readContent, writeContent } from "./yjs-content";

describe("xml fragments", () => {
  it("parses several top-level nodes, entities and attributes, and serialises them back", () => {
    const xml = '<p class="a &quot;b&quot;">x &amp; y &lt; z</p>tail<img src="i.png"/>';
    const nodes = parseXmlFragment(xml);
    expect(nodes.map((n) => n.kind)).toEqual(["element", "text", "element"]);
    expect(nodes[0]).toMatchObject({
      name: "p",
      attributes: { class: 'a "b"' },
      children: [{ kind: "text", text: "x & y < z" }],
    });
    expect(nodes.map(xmlNodeToString).join("")).toBe(xml);
    const doc = new Y.Doc();
    writeContent(doc, "xml", "content", xml);
    expect(readContent(doc, "xml", "content")).toBe(xml);
  });

  it("drops comments and processing instructions, keeps CDATA as text", () => {
    expect(
      parseXmlFragment('<?xml version="1.0"?><p><!-- note --><![CDATA[<b>]]></p>').map(xmlNodeToString).join(""),
    ).toBe("<p>&lt;b&gt;</p>");
  });
});

describe("replacing content", () => {
  it("edits text without splitting surrogate pairs", () => {
    const doc = new Y.Doc();
    writeContent(doc, "text", "t", "a😀b");
    writeContent(doc, "text", "t", "a😁b");
    expect(readContent(doc, "text", "t")).toBe("a😁b");
    writeContent(doc, "text", "t", "");
    expect(readContent(doc, "text", "t")).toBe("");
  });

  it("sends only the changed map keys", () => {
    const doc = new Y.Doc();
    writeContent(doc, "map", "m", { a: { x: 1 }, b: [1, 2], c: "keep" });
    const updates: Uint8Array[] = [];
    doc.on("update", (u: Uint8Array) => updates.push(u));
    writeContent(doc, "map", "m", { a: { x: 1 }, b: [1, 2], c: "keep" });
    expect(updates).toHaveLength(0);
    writeContent(doc, "map", "m", { a: { x: 2 }, b: [1, 2] });
    expect(readContent(doc, "map", "m")).toEqual({ a: { x: 2 }, b: [1, 2] });
  });
});
