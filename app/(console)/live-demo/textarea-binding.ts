import * as Y from "yjs";

// A minimal y-textarea-style binding: local typing becomes the smallest Y.Text change (common prefix and suffix
// kept), remote changes rewrite the textarea and move its selection through the change.

type Delta = { insert?: unknown; delete?: number; retain?: number }[];

/** The one splice that turns `before` into `after`: keep a common prefix and suffix, replace the middle. */
export function spliceBetween(before: string, after: string): { index: number; remove: number; insert: string } {
  const max = Math.min(before.length, after.length);
  let prefix = 0;
  while (prefix < max && before.charCodeAt(prefix) === after.charCodeAt(prefix)) prefix++;
  let suffix = 0;
  while (
    suffix < max - prefix &&
    before.charCodeAt(before.length - 1 - suffix) === after.charCodeAt(after.length - 1 - suffix)
  ) {
    suffix++;
  }
  return { index: prefix, remove: before.length - prefix - suffix, insert: after.slice(prefix, after.length - suffix) };
}

/** Where a caret at `index` ends up after `delta` is applied to the text around it. */
export function shiftIndex(delta: Delta, index: number): number {
  let pos = 0; // position in the old text
  let shifted = index;
  for (const op of delta) {
    if (pos > index) break;
    if (op.retain !== undefined) pos += op.retain;
    else if (op.delete !== undefined) {
      shifted -= Math.min(op.delete, index - pos);
      pos += op.delete;
    } else if (typeof op.insert === "string") {
      shifted += op.insert.length; // also at the caret: it stays with the character on its right, as Yjs does
    }
  }
  return shifted;
}

/** Binds `el` to `text` until the returned function is called. */
export function bindTextarea(text: Y.Text, el: HTMLTextAreaElement): () => void {
  const origin = { binding: "textarea" };
  el.value = text.toString();

  const onInput = () => {
    const { index, remove, insert } = spliceBetween(text.toString(), el.value);
    if (remove === 0 && insert === "") return;
    text.doc!.transact(() => {
      if (remove > 0) text.delete(index, remove);
      if (insert) text.insert(index, insert);
    }, origin);
  };

  const onChange = (event: Y.YTextEvent, tx: Y.Transaction) => {
    if (tx.origin === origin) return;
    const delta = event.delta as Delta;
    const focused = document.activeElement === el;
    const [start, end] = [shiftIndex(delta, el.selectionStart), shiftIndex(delta, el.selectionEnd)];
    el.value = text.toString();
    if (focused) el.setSelectionRange(start, end);
  };

  el.addEventListener("input", onInput);
  text.observe(onChange);
  return () => {
    el.removeEventListener("input", onInput);
    text.unobserve(onChange);
  };
}
