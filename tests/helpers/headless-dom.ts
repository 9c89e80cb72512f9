import { Window } from "happy-dom";

// A DOM for editors that run headless in a node test (Tiptap and BlockNote build a ProseMirror view), without
// switching the whole test file to a DOM environment: the dispatcher and the database keep Node's own fetch,
// Request and streams. Only what the editors read is put on globalThis.

const NAMES = [
  "window",
  "document",
  "navigator",
  "Node",
  "Element",
  "HTMLElement",
  "Text",
  "DocumentFragment",
  "MutationObserver",
  "DOMParser",
  "getComputedStyle",
  "requestAnimationFrame",
  "cancelAnimationFrame",
] as const;

export function installHeadlessDom(): () => void {
  const window = new Window();
  const g = globalThis as Record<string, unknown>;
  const saved = new Map(NAMES.map((n) => [n, Object.getOwnPropertyDescriptor(g, n)]));
  for (const name of NAMES) {
    const value = name === "window" ? window : (window as unknown as Record<string, unknown>)[name];
    Object.defineProperty(g, name, { value, configurable: true, writable: true });
  }
  return () => {
    for (const [name, descriptor] of saved) {
      if (descriptor) Object.defineProperty(g, name, descriptor);
      else delete g[name];
    }
    void window.happyDOM.close();
  };
}
