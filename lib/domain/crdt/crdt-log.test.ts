import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { firstRoot, foldUpdates } from "./crdt-log";

// The type of a live editor's row comes from its first non-empty root, as a client defined it. On the server
// the roots arrive untyped (decoded from an update), so the type is read from their content.

function remote(build: (doc: Y.Doc) => void): Y.Doc {
  const source = new Y.Doc();
  build(source);
  const received = new Y.Doc();
  Y.applyUpdate(received, Y.encodeStateAsUpdate(source));
  return received;
}

describe("firstRoot", () => {
  it("reads the type of roots a remote update defined", () => {
    expect(firstRoot(remote((d) => d.getText("t").insert(0, "x")))).toEqual({ type: "text", contentKey: "t" });
    expect(firstRoot(remote((d) => d.getMap("m").set("k", 1)))).toEqual({ type: "map", contentKey: "m" });
    expect(firstRoot(remote((d) => d.getArray("a").push([1, { b: 2 }])))).toEqual({ type: "array", contentKey: "a" });
    expect(firstRoot(remote((d) => d.getArray("a").push([new Y.Map()])))).toEqual({ type: "array", contentKey: "a" });
    const xml = remote((d) => d.getXmlFragment("default").insert(0, [new Y.XmlElement("paragraph")]));
    expect(firstRoot(xml)).toEqual({ type: "xml", contentKey: "default" });
  });

  it("skips empty roots and roots whose content was deleted", () => {
    const doc = remote((d) => {
      d.getText("gone").insert(0, "abc");
      d.getText("gone").delete(0, 3);
      d.getMap("settings").set("theme", "dark");
    });
    expect(firstRoot(doc)).toEqual({ type: "map", contentKey: "settings" });
    expect(firstRoot(new Y.Doc())).toBeUndefined();
  });

  it("reads typed roots too", () => {
    const doc = new Y.Doc();
    doc.getText("empty");
    doc.getXmlFragment("body").insert(0, [new Y.XmlText("hi")]);
    expect(firstRoot(doc)).toEqual({ type: "xml", contentKey: "body" });
  });
});

describe("foldUpdates", () => {
  it("merges updates into a base without losing concurrent edits", () => {
    const a = new Y.Doc();
    a.getText("t").insert(0, "base");
    const base = Y.encodeStateAsUpdate(a);
    const b = new Y.Doc();
    Y.applyUpdate(b, base);
    const u1 = (() => {
      let out: Uint8Array = new Uint8Array();
      a.once("update", (u: Uint8Array) => (out = u));
      a.getText("t").insert(4, "-a");
      return out;
    })();
    const u2 = (() => {
      let out: Uint8Array = new Uint8Array();
      b.once("update", (u: Uint8Array) => (out = u));
      b.getText("t").insert(0, "b-");
      return out;
    })();
    const folded = new Y.Doc();
    Y.applyUpdate(folded, foldUpdates(base, [u2, u1]));
    expect(folded.getText("t").toString()).toBe("b-base-a");
  });
});
