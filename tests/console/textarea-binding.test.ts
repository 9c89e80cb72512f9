import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { shiftIndex, spliceBetween } from "@/app/(console)/live-demo/textarea-binding";

// The live demo's textarea binding (app/(console)/live-demo): the splice it sends for local typing and where it
// moves the caret when a remote change arrives, checked against real Y.Text deltas.

/** Applies `change` to a Y.Text holding `before` in another document; the delta the first one observes. */
function remoteDelta(before: string, change: (t: Y.Text) => void) {
  const local = new Y.Doc();
  local.getText("content").insert(0, before);
  const remote = new Y.Doc();
  Y.applyUpdate(remote, Y.encodeStateAsUpdate(local));
  let delta: unknown = []; // no change, no event
  local.getText("content").observe((e) => (delta = e.delta));
  const sv = Y.encodeStateVector(remote);
  change(remote.getText("content"));
  Y.applyUpdate(local, Y.encodeStateAsUpdate(remote, sv));
  return { delta: delta as Parameters<typeof shiftIndex>[0], after: local.getText("content").toString() };
}

describe("spliceBetween", () => {
  it("replaces only the middle that changed", () => {
    expect(spliceBetween("hello world", "hello brave world")).toEqual({ index: 6, remove: 0, insert: "brave " });
    expect(spliceBetween("abcabc", "abc")).toEqual({ index: 3, remove: 3, insert: "" });
    expect(spliceBetween("same", "same")).toEqual({ index: 4, remove: 0, insert: "" });
    expect(spliceBetween("", "x")).toEqual({ index: 0, remove: 0, insert: "x" });
  });

  it("turns any text into any other", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (before, after) => {
        const { index, remove, insert } = spliceBetween(before, after);
        expect(before.slice(0, index) + insert + before.slice(index + remove)).toBe(after);
      }),
    );
  });
});

describe("shiftIndex", () => {
  it("moves the caret by text inserted or deleted before it, not after it", () => {
    const ins = remoteDelta("hello world", (t) => t.insert(0, ">> "));
    expect(ins.after).toBe(">> hello world");
    expect(shiftIndex(ins.delta, 5)).toBe(8);

    const later = remoteDelta("hello world", (t) => t.insert(11, "!"));
    expect(shiftIndex(later.delta, 5)).toBe(5);

    const del = remoteDelta("hello world", (t) => t.delete(0, 6));
    expect(del.after).toBe("world");
    expect(shiftIndex(del.delta, 8)).toBe(2);
    expect(shiftIndex(del.delta, 3)).toBe(0); // inside the deleted part: to where it was
  });

  it("keeps the caret on the same character whatever the remote splice", () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }),
        fc.nat(),
        fc.nat(),
        fc.nat(),
        fc.string(),
        (before, caretSeed, atSeed, lenSeed, insert) => {
          const caret = caretSeed % before.length; // the caret is before the character at `caret`
          const at = atSeed % (before.length + 1);
          const remove = lenSeed % (before.length - at + 1);
          const { delta, after } = remoteDelta(before, (t) => {
            if (remove) t.delete(at, remove);
            if (insert) t.insert(at, insert);
          });
          const moved = shiftIndex(delta, caret);
          if (caret < at) expect(moved).toBe(caret);
          else if (caret >= at + remove) expect(after[moved]).toBe(before[caret]);
          else expect(moved).oneOf([at, at + insert.length]); // its character was deleted
        },
      ),
    );
  });
});
