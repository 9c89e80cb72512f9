import { diffArrays } from "diff";

// Aligning a sequence as stored with the sequence a write asks for, so that only what changed is touched.
// First the items that are equal (`key`) are matched (Myers' diff); then, inside each stretch that changed,
// items of the same kind (`kind`: an element's name, "text", …) are paired so that the caller can edit them in
// place (descend into an element, diff a text by characters) instead of deleting and re-inserting them.

export type Step =
  | { op: "keep"; from: number; to: number }
  | { op: "edit"; from: number; to: number }
  | { op: "delete"; from: number }
  | { op: "insert"; to: number };

/** Beyond this many differences Myers' diff costs too much: the changed middle is replaced as a whole. */
const MAX_EDIT_LENGTH = 4_000;

interface Run {
  kind: "same" | "removed" | "added";
  count: number;
}

function runsOf(a: string[], b: string[]): Run[] {
  const changes = diffArrays(a, b, { maxEditLength: MAX_EDIT_LENGTH });
  if (changes) {
    return changes.map((c) => ({ kind: c.added ? "added" : c.removed ? "removed" : "same", count: c.count }));
  }
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let end = 0;
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end++;
  return [
    { kind: "same", count: start },
    { kind: "removed", count: a.length - start - end },
    { kind: "added", count: b.length - start - end },
    { kind: "same", count: end },
  ].filter((r): r is Run => r.count > 0);
}

/**
 * The steps that turn `a` into `b`, in order: keep and edit consume one item of each, delete one of `a`, insert
 * one of `b`. `key` decides equality, `kind` (checked only on items whose keys differ) whether an item may be
 * edited into another.
 */
export function align(aKeys: string[], bKeys: string[], aKinds: string[], bKinds: string[]): Step[] {
  const steps: Step[] = [];
  let i = 0;
  let j = 0;
  const runs = runsOf(aKeys, bKeys);
  for (let r = 0; r < runs.length; r++) {
    const run = runs[r];
    if (run.kind === "same") {
      for (let n = 0; n < run.count; n++) steps.push({ op: "keep", from: i++, to: j++ });
      continue;
    }
    // A changed stretch: what was removed and what was added between two unchanged ones.
    let removed = 0;
    let added = 0;
    while (r < runs.length && runs[r].kind !== "same") {
      if (runs[r].kind === "removed") removed += runs[r].count;
      else added += runs[r].count;
      r++;
    }
    r--;
    for (const inner of runsOf(aKinds.slice(i, i + removed), bKinds.slice(j, j + added))) {
      for (let n = 0; n < inner.count; n++) {
        if (inner.kind === "same") steps.push({ op: "edit", from: i++, to: j++ });
        else if (inner.kind === "removed") steps.push({ op: "delete", from: i++ });
        else steps.push({ op: "insert", to: j++ });
      }
    }
  }
  return steps;
}

/**
 * Applies `steps` to a Yjs sequence through `target`, left to right: runs of deletes and of inserts are sent as
 * one call each, and `edit` is called for paired items at their position.
 */
export function applySteps<T>(
  steps: Step[],
  next: T[],
  target: {
    delete(index: number, count: number): void;
    insert(index: number, items: T[]): void;
    edit(from: number, to: number): void;
  },
) {
  let index = 0;
  let deleting = 0;
  let inserting: T[] = [];
  const flush = () => {
    if (deleting) target.delete(index, deleting);
    deleting = 0;
    if (inserting.length) target.insert(index, inserting);
    index += inserting.length;
    inserting = [];
  };
  for (const step of steps) {
    if (step.op === "delete") {
      if (inserting.length) flush();
      deleting++;
    } else if (step.op === "insert") {
      inserting.push(next[step.to]);
    } else {
      flush();
      if (step.op === "edit") target.edit(step.from, step.to);
      index++;
    }
  }
  flush();
}
