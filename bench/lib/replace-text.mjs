/**
 * Replaces a Y.Text's content by keeping the common prefix and suffix, as weft's replacementUpdate does, so
 * the update is the minimal diff a REST "replace" sends.
 */
export function replaceText(ytext, next, origin = null) {
  const prev = ytext.toString();
  const max = Math.min(prev.length, next.length);
  let p = 0;
  while (p < max && prev.charCodeAt(p) === next.charCodeAt(p)) p++;
  let s = 0;
  while (s < max - p && prev.charCodeAt(prev.length - 1 - s) === next.charCodeAt(next.length - 1 - s)) s++;
  ytext.doc.transact(() => {
    if (prev.length - p - s > 0) ytext.delete(p, prev.length - p - s);
    if (next.length - p - s > 0) ytext.insert(p, next.slice(p, next.length - s));
  }, origin);
}
