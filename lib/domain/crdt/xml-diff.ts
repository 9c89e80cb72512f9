import * as Y from "yjs";
import { align, applySteps } from "./sequence-diff";
import { editText } from "./text-diff";
import { insertNodes, nodeXml, readNode, sameJson, type Attributes, type XmlNode, type YNode } from "./xml-fragment";

// Editing a Y.XmlFragment into new content at every depth: unchanged nodes are kept, an element whose name is
// unchanged is kept and edited (its attributes set or removed one by one, its children aligned the same way),
// a text is edited by characters. So a REST write that changes one word of one paragraph under BlockNote's single
// <blockGroup> touches that word alone: every other node keeps its Yjs items, open cursors stay, and an edit a
// client made concurrently elsewhere merges.

const kindOf = (n: XmlNode) => (n.kind === "text" ? "#text" : `${n.kind}:${n.name}`);

export function editChildren(parent: Y.XmlFragment, next: XmlNode[]) {
  const nodes = parent.toArray() as YNode[];
  const current = nodes.map(readNode);
  const steps = align(
    current.map((n) => nodeXml(n)),
    next.map((n) => nodeXml(n)),
    current.map(kindOf),
    next.map(kindOf),
  );
  applySteps(steps, next, {
    delete: (index, count) => parent.delete(index, count),
    insert: (index, nodes) => insertNodes(parent, index, nodes),
    edit: (from, to) => editNode(nodes[from], current[from], next[to]),
  });
}

function editAttributes(target: Y.XmlElement | Y.XmlHook, current: Attributes, next: Attributes) {
  for (const k of Object.keys(current)) {
    if (Object.hasOwn(next, k)) continue;
    if (target instanceof Y.XmlElement) target.removeAttribute(k);
    else target.delete(k);
  }
  for (const [k, v] of Object.entries(next)) {
    if (Object.hasOwn(current, k) && sameJson(current[k], v)) continue;
    if (target instanceof Y.XmlElement) target.setAttribute(k, v as string);
    else target.set(k, v);
  }
}

/** Edits a node in place into one of the same kind (align pairs only those). */
function editNode(node: YNode, current: XmlNode, next: XmlNode) {
  if (current.kind === "text" && next.kind === "text") editText(node as Y.XmlText, current.delta, next.delta, true);
  else if (current.kind === "hook" && next.kind === "hook")
    editAttributes(node as Y.XmlHook, current.entries, next.entries);
  else if (current.kind === "element" && next.kind === "element") {
    editAttributes(node as Y.XmlElement, current.attributes, next.attributes);
    editChildren(node as Y.XmlElement, next.children);
  }
}
