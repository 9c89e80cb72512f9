import * as Y from "yjs";
import { describe, expect, it } from "vitest";
import { DomainError } from "../errors";
import { fragmentToXml, nodesXml, parseXmlFragment } from "./xml-fragment";
import { readContent, writeContent } from "./yjs-content";

function fragmentOf(xml: string): Y.XmlFragment {
  const doc = new Y.Doc();
  writeContent(doc, "xml", "default", xml);
  return doc.getXmlFragment("default");
}

describe("weft XML", () => {
  it("writes formatting as marks on the text, the way Tiptap stores it, with typed attributes", () => {
    const xml =
      '<heading level="2">Title</heading><paragraph>Hello <m:bold>bold</m:bold> and a <m:link href="https://weft.dev" target="_blank">link</m:link></paragraph>';
    const fragment = fragmentOf(xml);
    const [heading, paragraph] = fragment.toArray() as Y.XmlElement[];
    expect(heading.getAttribute("level")).toBe(2);
    expect(paragraph.length).toBe(1);
    expect((paragraph.get(0) as Y.XmlText).toDelta()).toEqual([
      { insert: "Hello " },
      { insert: "bold", attributes: { bold: {} } },
      { insert: " and a " },
      { insert: "link", attributes: { link: { href: "https://weft.dev", target: "_blank" } } },
    ]);
    expect(fragmentToXml(fragment)).toBe(xml);
  });

  it("reads attribute values as JSON where they are JSON, and writes strings that look like JSON quoted", () => {
    const fragment = fragmentOf(
      `<n a="2" b="true" c="null" d='{"x":[1]}' e='"2"' f="left" g="2.0" h="12345678901234567890" i="&#10;x"/>`,
    );
    expect((fragment.get(0) as Y.XmlElement).getAttributes()).toEqual({
      a: 2,
      b: true,
      c: null,
      d: { x: [1] },
      e: "2",
      f: "left",
      g: "2.0",
      h: "12345678901234567890",
      i: "\nx",
    });
    const el = new Y.XmlElement("n");
    fragment.insert(1, [el]);
    el.setAttribute("id", "42");
    el.setAttribute("quote", `say "hi"`);
    expect(nodesXml(parseXmlFragment(fragmentToXml(fragment)))).toBe(fragmentToXml(fragment));
    expect(fragmentToXml(fragment)).toContain(`<n id='"42"' quote='say "hi"'/>`);
  });

  it("keeps formatting open across runs, nests the longest outermost, and writes what XML cannot hold escaped", () => {
    const doc = new Y.Doc();
    const text = new Y.XmlText();
    doc.getXmlFragment("f").insert(0, [text, new Y.XmlText("second"), new Y.XmlText()]);
    text.insert(0, "one two three");
    text.format(0, 13, { bold: {} });
    text.format(4, 3, { "comment--ab+/=": { id: 7 } });
    text.format(8, 5, { color: "red" });
    expect(fragmentToXml(doc.getXmlFragment("f"))).toBe(
      '<m:bold>one <m:comment--ab_x002B__x002F__x003D_ id="7">two</m:comment--ab_x002B__x002F__x003D_> <m:color m:value="red">three</m:color></m:bold><y:text>second</y:text><y:text></y:text>',
    );
  });

  it("keeps reading plain XML as it did: elements, text, entities, CDATA; comments and instructions dropped", () => {
    const xml = `<p class='a "b"' title="it's &quot;q&quot;">x &amp; y &lt; z</p>tail<img src="i.png"/>`;
    const doc = new Y.Doc();
    writeContent(doc, "xml", "content", xml);
    expect(readContent(doc, "xml", "content")).toBe(xml);
    expect(nodesXml(parseXmlFragment('<?xml version="1.0"?><p><!-- note --><![CDATA[<b>&amp;]]>&#x41;&#66;</p>'))).toBe(
      "<p>&lt;b&gt;&amp;amp;AB</p>",
    );
  });

  it("refuses what it cannot store, naming why", () => {
    const message = (xml: string) => {
      try {
        parseXmlFragment(xml);
      } catch (err) {
        return (err as DomainError).message;
      }
      return "accepted";
    };
    expect(message("<p>&nbsp;</p>")).toBe("Data must be well-formed XML for type xml: unknown entity &nbsp;");
    expect(message("<m:bold><p/></m:bold>")).toBe(
      "Data must be well-formed XML for type xml: <p> cannot stand inside formatting; only text, <m:…> and <y:embed/> can.",
    );
    expect(message("<y:thing/>")).toBe(
      "Data must be well-formed XML for type xml: <y:thing> is not an element weft knows; names starting with y: are reserved.",
    );
  });
});
