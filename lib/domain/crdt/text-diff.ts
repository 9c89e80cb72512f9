import type * as Y from "yjs";
import { align } from "./sequence-diff";
import { sameJson, type Attributes, type TextOp } from "./xml-fragment";

// Editing a Y.Text or Y.XmlText into new content character by character: characters both versions share keep
// their Yjs items (cursors on them stay, a concurrent edit next to them merges), only the characters that
// changed are deleted or inserted, and formatting that changed on kept characters is re-applied to them alone.
// Characters are code points, so a surrogate pair is never cut (Yjs would turn its halves into U+FFFD).

interface Unit {
  insert: string | Attributes;
  attributes?: Attributes;
  /** The unit's length in Yjs positions (UTF-16 code units; an embed is 1). */
  length: number;
  key: string;
}

function unitsOf(delta: TextOp[]): Unit[] {
  const units: Unit[] = [];
  for (const op of delta) {
    if (typeof op.insert === "string") {
      for (const ch of op.insert) units.push({ insert: ch, attributes: op.attributes, length: ch.length, key: ch });
    } else {
      units.push({
        insert: op.insert,
        attributes: op.attributes,
        length: 1,
        key: `\u0000${JSON.stringify(op.insert)}`,
      });
    }
  }
  return units;
}

/** Formatting that turns `from` into `to`: `to`'s values plus null for what `from` had and `to` has not. */
function formatPatch(from: Attributes | undefined, to: Attributes | undefined): Attributes | undefined {
  if (sameJson(from ?? {}, to ?? {})) return undefined;
  const patch: Attributes = { ...to };
  for (const k of Object.keys(from ?? {})) if (!to || !Object.hasOwn(to, k)) patch[k] = null;
  return patch;
}

/**
 * Edits `text` (whose content is `current`) into `next`. With `formatting` false the text's formatting is left
 * alone and inserted characters take the formatting of their left neighbour, as typing does (a Y.Text written
 * as a plain string).
 */
export function editText(text: Y.Text, current: TextOp[], next: TextOp[], formatting: boolean) {
  const a = unitsOf(current);
  const b = unitsOf(next);
  const keys = (units: Unit[]) => units.map((u) => u.key);
  const steps = align(keys(a), keys(b), keys(a), keys(b));
  let index = 0;
  // Consecutive steps of one kind are applied together.
  let pending: { op: "insert" | "delete" | "format"; length: number; units: Unit[]; patch?: Attributes } | undefined;
  const flush = () => {
    if (!pending) return;
    if (pending.op === "delete") {
      text.delete(index, pending.length);
    } else if (pending.op === "format") {
      text.format(index, pending.length, pending.patch!);
      index += pending.length;
    } else {
      for (const u of mergeUnits(pending.units)) {
        const attributes = formatting ? { ...u.attributes } : undefined;
        if (typeof u.insert === "string") text.insert(index, u.insert, attributes);
        else text.insertEmbed(index, { ...u.insert }, attributes ?? {});
        index += u.length;
      }
    }
    pending = undefined;
  };
  const push = (op: "insert" | "delete" | "format", unit: Unit, patch?: Attributes) => {
    const same = pending?.op === op && (op !== "format" || sameJson(pending.patch, patch));
    if (!same) flush();
    if (!pending) pending = { op, length: 0, units: [], patch };
    pending.length += unit.length;
    pending.units.push(unit);
  };
  for (const step of steps) {
    if (step.op === "delete") {
      push("delete", a[step.from]);
      continue;
    }
    if (step.op === "insert") {
      push("insert", b[step.to]);
      continue;
    }
    const patch = formatting ? formatPatch(a[step.from].attributes, b[step.to].attributes) : undefined;
    if (patch) {
      push("format", a[step.from], patch);
    } else {
      flush();
      index += a[step.from].length;
    }
  }
  flush();
}

/** Adjacent string units of equal formatting as one insert. */
function mergeUnits(units: Unit[]): Unit[] {
  const out: Unit[] = [];
  for (const u of units) {
    const last = out[out.length - 1];
    if (
      last &&
      typeof last.insert === "string" &&
      typeof u.insert === "string" &&
      sameJson(last.attributes, u.attributes)
    ) {
      out[out.length - 1] = { ...last, insert: last.insert + u.insert, length: last.length + u.length };
    } else {
      out.push(u);
    }
  }
  return out;
}
