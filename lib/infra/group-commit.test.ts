import { describe, expect, it } from "vitest";
import { groupCommit } from "./group-commit";

describe("groupCommit", () => {
  it("flushes a lone submission at once and the ones that arrive meanwhile together, each with its result", async () => {
    const flushes: number[][] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const g = groupCommit(async (items: number[]) => {
      flushes.push(items);
      if (flushes.length === 1) await gate;
      return items.map((n) => n * 10);
    });
    const first = g.submit(1);
    const later = [g.submit(2), g.submit(3), g.submit(4)];
    release();
    expect(await first).toBe(10);
    expect(await Promise.all(later)).toEqual([20, 30, 40]);
    expect(flushes).toEqual([[1], [2, 3, 4]]);
  });

  it("fails only the item that fails: a failed batch is retried item by item", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const seen: number[][] = [];
    const g = groupCommit(async (items: number[]) => {
      seen.push(items);
      if (items[0] === 0) await gate;
      if (items.includes(3)) throw new Error("three");
      return items;
    });
    const head = g.submit(0);
    const rest = [2, 3, 4].map((n) =>
      g.submit(n).then(
        (v) => ({ v }),
        (e: Error) => ({ e: e.message }),
      ),
    );
    release();
    await head;
    expect(await Promise.all(rest)).toEqual([{ v: 2 }, { e: "three" }, { v: 4 }]);
    expect(seen).toEqual([[0], [2, 3, 4], [2], [3], [4]]);
  });

  it("keeps a flush to maxBatch items", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const sizes: number[] = [];
    const g = groupCommit(async (items: number[]) => {
      sizes.push(items.length);
      if (sizes.length === 1) await gate;
      return items;
    }, 2);
    const all = [1, 2, 3, 4, 5, 6].map((n) => g.submit(n));
    release();
    expect(await Promise.all(all)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(sizes).toEqual([1, 2, 2, 1]);
    await g.drained();
  });
});
