import { Editor } from "@tiptap/core";
import Collaboration from "@tiptap/extension-collaboration";
import StarterKit from "@tiptap/starter-kit";
import type * as Y from "yjs";

// The rich-text mode of the live demo: a Tiptap 3 editor (StarterKit) bound to the document's XmlFragment, as a
// Tiptap app binds it. Yjs keeps the history, so Tiptap's own undo is off.

export interface TiptapBinding {
  setEditable(editable: boolean): void;
  destroy(): void;
}

export function mountTiptap(element: HTMLElement, doc: Y.Doc, field: string): TiptapBinding {
  const editor = new Editor({
    element,
    editable: false,
    // The console's CSP allows no inline <style>: ProseMirror's rules are in app/globals.css.
    injectCSS: false,
    extensions: [StarterKit.configure({ undoRedo: false }), Collaboration.configure({ document: doc, field })],
    editorProps: {
      attributes: {
        role: "textbox",
        "aria-multiline": "true",
        "aria-label": "Live rich text",
        class: "live-rich-text",
      },
    },
  });
  return {
    setEditable: (editable: boolean) => editor.setEditable(editable),
    destroy: () => editor.destroy(),
  };
}
