import * as Y from "yjs";
import { describe, expect, it } from "vitest";
import { docFromState, readContent, replacementUpdate, writeContent } from "./yjs-content";

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

  it("edits shared types a client put into a map or an array in place, keeping their type", () => {
    const client = new Y.Doc();
    const root = client.getMap("m");
    const list = new Y.Array<unknown>();
    const title = new Y.Text("Hello world");
    root.set("list", list);
    root.set("title", title);
    const card = new Y.Map<unknown>();
    list.push([card, "plain"]);
    card.set("label", "A");
    const state = Y.encodeStateAsUpdate(client);
    const update = replacementUpdate(state, "map", "m", {
      list: [{ label: "B" }, "plain", 3],
      title: "Hello there world",
    });
    const server = docFromState(state);
    Y.applyUpdate(server, update!);
    expect(server.getMap("m").get("title")).toBeInstanceOf(Y.Text);
    expect((server.getMap("m").get("list") as Y.Array<unknown>).get(0)).toBeInstanceOf(Y.Map);
    // A client's concurrent edit of the same card's other key and inside the title both survive the merge.
    card.set("color", "red");
    title.insert(0, ">> ");
    Y.applyUpdate(client, update!);
    expect(client.getMap("m").toJSON()).toEqual({
      list: [{ label: "B", color: "red" }, "plain", 3],
      title: ">> Hello there world",
    });
  });
});
