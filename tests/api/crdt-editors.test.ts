import type { BlockNoteEditor as BlockNoteEditorType, PartialBlock } from "@blocknote/core";
import type { Editor as TiptapEditor } from "@tiptap/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as Y from "yjs";
import { readContent } from "@/lib/domain/crdt/yjs-content";
import { call, newWorkspace, useTestDatabase } from "../helpers/api";
import { installHeadlessDom } from "../helpers/headless-dom";

// Documents written over REST, read by the real editors: Tiptap 3 (StarterKit bound to the Yjs document through
// its Collaboration extension) and BlockNote (its schema through y-prosemirror). Nothing REST writes is dropped
// or retyped by them, what they wrote survives a trip through REST, and a REST update reaches an open editor as
// an edit that keeps its selection and its own unsent change.

useTestDatabase();

let key: Record<string, string>;
let removeDom: () => void;
let editors: {
  Editor: typeof import("@tiptap/core").Editor;
  StarterKit: typeof import("@tiptap/starter-kit").default;
  Collaboration: typeof import("@tiptap/extension-collaboration").default;
  BlockNoteEditor: typeof import("@blocknote/core").BlockNoteEditor;
  blocknoteYjs: typeof import("@blocknote/core/yjs");
};

beforeAll(async () => {
  key = (await newWorkspace()).key;
  removeDom = installHeadlessDom();
  const [core, starter, collaboration, blocknote, blocknoteYjs] = await Promise.all([
    import("@tiptap/core"),
    import("@tiptap/starter-kit"),
    import("@tiptap/extension-collaboration"),
    import("@blocknote/core"),
    import("@blocknote/core/yjs"),
  ]);
  editors = {
    Editor: core.Editor,
    StarterKit: starter.default,
    Collaboration: collaboration.default,
    BlockNoteEditor: blocknote.BlockNoteEditor,
    blocknoteYjs,
  };
});

afterAll(() => removeDom?.());

let seq = 0;
const editorRef = () => ({ organizationId: "org-ed", documentId: "doc-ed", editorId: `editor-${++seq}` });

async function rest(path: string, data: object) {
  const res = await call(path, data, { headers: key });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result;
}

async function get(ref: object): Promise<{ data: string; update: string }> {
  return (await rest("/v2/crdt/get", ref)).data[0];
}

function docOf(update: string): Y.Doc {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, Buffer.from(update, "base64"));
  return doc;
}

/** A Tiptap 3 editor bound to `doc`'s XmlFragment "default", as a browser page would have it. */
function tiptap(doc: Y.Doc): TiptapEditor {
  const { Editor, StarterKit, Collaboration } = editors;
  return new Editor({
    extensions: [StarterKit.configure({ undoRedo: false }), Collaboration.configure({ document: doc })],
  });
}

describe("Tiptap", () => {
  it("renders a REST write with bold, a link, an h2 and typed attributes as such, and keeps every node", async () => {
    const ref = editorRef();
    const xml =
      '<heading level="2">Title</heading><orderedList start="3" type="null"><listItem><paragraph>third</paragraph></listItem></orderedList>' +
      '<paragraph>Hello <m:bold>bold</m:bold> and <m:link href="https://weft.dev">a <m:italic>link</m:italic></m:link></paragraph>';
    await rest("/v2/crdt/add", { ...ref, type: "xml", contentKey: "default", data: xml });
    const doc = docOf((await get(ref)).update);
    const editor = tiptap(doc);
    const html = editor.getHTML();
    expect(html).toContain("<h2>Title</h2>");
    expect(html).toContain('<ol start="3">');
    expect(html).toContain("<strong>bold</strong>");
    expect(html).toMatch(/<a [^>]*href="https:\/\/weft\.dev"[^>]*>a <em>link<\/em><\/a>/);
    // Binding the editor changed nothing in the shared document: nothing was dropped or retyped.
    expect(readContent(doc, "xml", "default")).toBe(xml);
    editor.destroy();
  });

  it("takes what an editor typed through REST and back into another editor unchanged", async () => {
    const typed = new Y.Doc();
    const author = tiptap(typed);
    author.commands.setContent(
      "<h1>One</h1><h3>Three</h3><p>Plain <strong>bold</strong> <em>it</em> <s>struck</s> <code>code</code> <u>under</u> " +
        '<a href="https://weft.dev/a?b=1&amp;c=2" target="_blank">link</a><br>after a break</p>' +
        '<ul><li><p>a</p><ul><li><p>nested</p></li></ul></li></ul><ol start="5"><li><p>five</p></li></ol>' +
        '<blockquote><p>quoted "text" &lt;tag&gt;</p></blockquote><pre><code class="language-ts">const x = 1;\n</code></pre><hr><p>end</p>',
    );
    const json = author.getJSON();
    const ref = editorRef();
    const written = readContent(typed, "xml", "default") as string;
    await rest("/v2/crdt/add", { ...ref, type: "xml", contentKey: "default", data: written });
    const first = await get(ref);
    expect(first.data).toBe(written);
    const reader = tiptap(docOf(first.update));
    expect(reader.getJSON()).toEqual(json);
    // Writing back what Get returned leaves the stored state as it was, byte for byte.
    await rest("/v2/crdt/update", { ...ref, type: "xml", data: first.data });
    expect((await get(ref)).update).toBe(first.update);
    author.destroy();
    reader.destroy();
  });

  it("receives a REST update of one paragraph as an edit: its caret and its unsent typing stay", async () => {
    const ref = editorRef();
    const paragraphs = (a: string, b: string) => `<paragraph>${a}</paragraph><paragraph>${b}</paragraph>`;
    await rest("/v2/crdt/add", {
      ...ref,
      type: "xml",
      contentKey: "default",
      data: paragraphs("First paragraph", "Second paragraph"),
    });
    const doc = docOf((await get(ref)).update);
    const editor = tiptap(doc);
    // The user types in the second paragraph; the server has not seen it yet.
    const secondStart = editor.state.doc.child(0).nodeSize + 1;
    editor
      .chain()
      .setTextSelection(secondStart + 6)
      .insertContent(" typed")
      .run();
    const caret = editor.state.selection.from;
    const serverView = await get(ref);
    const update = paragraphs("First paragraph, <m:bold>changed</m:bold>", "Second paragraph");
    await rest("/v2/crdt/update", { ...ref, type: "xml", data: update });
    // What a live client receives is the REST change as a Yjs update (docs/live.md): the difference to what it had.
    const server = docOf((await get(ref)).update);
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(server, Y.encodeStateVector(docOf(serverView.update))));
    expect(editor.getHTML()).toBe("<p>First paragraph, <strong>changed</strong></p><p>Second typed paragraph</p>");
    const shift = ", changed".length;
    expect(editor.state.selection.from).toBe(caret + shift);
    editor.destroy();
  });
});

describe("BlockNote", () => {
  const blocks: PartialBlock[] = [
    { type: "heading", props: { level: 2 }, content: "Title" },
    {
      type: "paragraph",
      props: { textAlignment: "center" },
      content: [
        { type: "text", text: "Styled", styles: { bold: true, textColor: "red" } },
        { type: "text", text: " and ", styles: {} },
        { type: "link", href: "https://weft.dev", content: "a link" },
      ],
    },
    { type: "checkListItem", props: { checked: true }, content: "done" },
    {
      type: "numberedListItem",
      content: "first",
      children: [{ type: "bulletListItem", content: "nested", props: { backgroundColor: "blue" } }],
    },
    { type: "codeBlock", props: { language: "typescript" }, content: "const x = 1;" },
  ];

  /** A headless BlockNote editor, and an editor added over REST with the blocks as BlockNote stores them. */
  async function addBlocks(): Promise<{
    editor: BlockNoteEditorType;
    source: Y.Doc;
    ref: ReturnType<typeof editorRef>;
  }> {
    const editor = editors.BlockNoteEditor.create();
    const source = new Y.Doc();
    editors.blocknoteYjs.blocksToYXmlFragment(editor, blocks as never, source.getXmlFragment("document-store"));
    const ref = editorRef();
    await rest("/v2/crdt/add", {
      ...ref,
      type: "xml",
      contentKey: "document-store",
      data: readContent(source, "xml", "document-store"),
    });
    return { editor, source, ref };
  }

  it("reads a BlockNote document written over REST block for block: no block, style or prop lost or retyped", async () => {
    const { editor, source, ref } = await addBlocks();
    const original = editors.blocknoteYjs.yXmlFragmentToBlocks(editor, source.getXmlFragment("document-store"));
    const stored = await get(ref);
    expect(stored.data).toContain('<heading backgroundColor="default" isToggleable="false" level="2"');
    expect(stored.data).toContain('checked="true"');
    const read = editors.blocknoteYjs.yXmlFragmentToBlocks(
      editor,
      docOf(stored.update).getXmlFragment("document-store"),
    );
    expect(read).toEqual(original);
    expect(read[0]).toMatchObject({ type: "heading", props: { level: 2 } });
    expect(read[2]).toMatchObject({ type: "checkListItem", props: { checked: true } });
  });

  it("appends a block over REST without re-creating the others", async () => {
    const { editor, ref } = await addBlocks();
    const before = await get(ref);
    const client = docOf(before.update);
    const firstBlockText = Y.createRelativePositionFromTypeIndex(
      ((client.getXmlFragment("document-store").get(0) as Y.XmlElement).get(0) as Y.XmlElement).get(0) as Y.XmlElement,
      0,
    );
    const added =
      '<blockContainer id="added-1"><paragraph backgroundColor="default" textAlignment="left" textColor="default">Appended over REST</paragraph></blockContainer>';
    await rest("/v2/crdt/update", {
      ...ref,
      type: "xml",
      data: before.data.replace(/<\/blockGroup>$/, `${added}</blockGroup>`),
    });
    const after = await get(ref);
    const diff = Y.encodeStateAsUpdate(docOf(after.update), Y.encodeStateVector(client));
    expect(Y.decodeUpdate(diff).ds.clients.size).toBe(0);
    Y.applyUpdate(client, diff);
    const read = editors.blocknoteYjs.yXmlFragmentToBlocks(editor, client.getXmlFragment("document-store"));
    expect(read).toHaveLength(blocks.length + 1);
    expect(read[blocks.length]).toMatchObject({
      id: "added-1",
      type: "paragraph",
      content: [{ text: "Appended over REST" }],
    });
    expect(Y.createAbsolutePositionFromRelativePosition(firstBlockText, client)).not.toBeNull();
  });
});
