import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { readContent, replacementUpdate, writeContent } from "./yjs-content";

// An update touches only what changed, at every depth, so open editors keep their cursors and merge.

const blocks = (n: number) =>
  Array.from(
    { length: n },
    (_, i) =>
      `<blockContainer id="b${i}"><paragraph textAlignment="left">Block number ${i}</paragraph></blockContainer>`,
  ).join("");

function clientWith(xml: string) {
  const client = new Y.Doc();
  writeContent(client, "xml", "document-store", xml);
  return client;
}

/** How many Yjs items (characters, attribute values, nodes) the update deletes. */
function deletedItems(update: Uint8Array) {
  let deleted = 0;
  Y.decodeUpdate(update).ds.clients.forEach((ranges) => ranges.forEach((r) => (deleted += r.len)));
  return deleted;
}

/** The first Y.XmlText under `el`, at any depth. */
function firstText(el: Y.XmlFragment): Y.XmlText {
  for (const child of el.toArray()) {
    if (child instanceof Y.XmlText) return child;
    const found = child instanceof Y.XmlElement ? firstText(child) : undefined;
    if (found) return found;
  }
  return undefined as never;
}

describe("minimal XML updates", () => {
  it("appends a block under BlockNote's single blockGroup without touching the others", () => {
    const client = clientWith(`<blockGroup>${blocks(3)}</blockGroup>`);
    const group = client.getXmlFragment("document-store").get(0) as Y.XmlElement;
    const second = firstText(group.get(1) as Y.XmlElement);
    const caret = Y.createRelativePositionFromTypeIndex(second, 6);
    const next = `<blockGroup>${blocks(4)}</blockGroup>`;
    const update = replacementUpdate(Y.encodeStateAsUpdate(client), "xml", "document-store", next)!;
    expect(deletedItems(update)).toBe(0);
    // An edit the client made meanwhile, inside the second block, merges with the appended block.
    second.insert(0, "Edited: ");
    Y.applyUpdate(client, update);
    expect(readContent(client, "xml", "document-store")).toBe(
      `<blockGroup>${blocks(4).replace("Block number 1", "Edited: Block number 1")}</blockGroup>`,
    );
    const at = Y.createAbsolutePositionFromRelativePosition(caret, client)!;
    expect([at.type, at.index]).toEqual([second, 14]);
  });

  it("changes one word of one list item by characters: cursors and concurrent edits elsewhere stay", () => {
    const list = (a: string, b: string) =>
      `<bulletList><listItem><paragraph>${a}</paragraph></listItem><listItem><paragraph>${b}</paragraph></listItem></bulletList>`;
    const client = clientWith(list("first item", "second <m:bold>bold</m:bold> item"));
    const items = (client.getXmlFragment("document-store").get(0) as Y.XmlElement).toArray() as Y.XmlElement[];
    const secondText = firstText(items[1]);
    const caretBefore = Y.createRelativePositionFromTypeIndex(secondText, 3);
    const caretAfter = Y.createRelativePositionFromTypeIndex(secondText, 13);
    const update = replacementUpdate(
      Y.encodeStateAsUpdate(client),
      "xml",
      "document-store",
      list("first item", "second <m:bold>bold</m:bold> thing"),
    )!;
    firstText(items[0]).insert(5, " offline");
    Y.applyUpdate(client, update);
    expect(readContent(client, "xml", "document-store")).toBe(
      list("first offline item", "second <m:bold>bold</m:bold> thing"),
    );
    expect(Y.createAbsolutePositionFromRelativePosition(caretBefore, client)!.index).toBe(3);
    expect(Y.createAbsolutePositionFromRelativePosition(caretAfter, client)!.index).toBe(12);
    // Only characters of "item" were deleted.
    expect(deletedItems(update)).toBeGreaterThan(0);
    expect(deletedItems(update)).toBeLessThanOrEqual(4);
  });

  it("formats a word without deleting or re-inserting any text, and sets a changed attribute alone", () => {
    const client = clientWith('<heading level="1">Hello world</heading>');
    const update = replacementUpdate(
      Y.encodeStateAsUpdate(client),
      "xml",
      "document-store",
      '<heading level="2">Hello <m:italic>world</m:italic></heading>',
    )!;
    // The old value of `level` is the one item deleted; no character is.
    expect(deletedItems(update)).toBe(1);
    Y.applyUpdate(client, update);
    const heading = client.getXmlFragment("document-store").get(0) as Y.XmlElement;
    expect(heading.getAttribute("level")).toBe(2);
    expect((heading.get(0) as Y.XmlText).toDelta()).toEqual([
      { insert: "Hello " },
      { insert: "world", attributes: { italic: {} } },
    ]);
  });

  it("replaces a node by another of a different name, and removes one among equals exactly", () => {
    const client = clientWith("<paragraph>a</paragraph><paragraph>b</paragraph><paragraph>c</paragraph>");
    const c = firstText(client.getXmlFragment("document-store").get(2) as Y.XmlElement);
    const caret = Y.createRelativePositionFromTypeIndex(c, 1);
    const update = replacementUpdate(
      Y.encodeStateAsUpdate(client),
      "xml",
      "document-store",
      "<heading>a</heading><paragraph>c</paragraph>",
    )!;
    Y.applyUpdate(client, update);
    expect(readContent(client, "xml", "document-store")).toBe("<heading>a</heading><paragraph>c</paragraph>");
    expect(Y.createAbsolutePositionFromRelativePosition(caret, client)!.type).toBe(c);
  });
});
