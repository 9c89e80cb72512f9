import * as Y from "yjs";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/infra/db";
import { reloadEnvForTests } from "@/lib/infra/env";
import { call, newWorkspace, useTestDatabase } from "../helpers/api";

useTestDatabase();

let key: Record<string, string>;
let apiKey: string;
beforeAll(async () => {
  const w = await newWorkspace();
  key = w.key;
  apiKey = w.apiKey;
});

let seq = 0;
const editor = () => ({ organizationId: "org-1", documentId: "doc-1", editorId: `editor-${++seq}` });

const add = (data: object) => call("/v2/crdt/add", data, { headers: key });
const update = (data: object) => call("/v2/crdt/update", data, { headers: key });
async function getOne(ref: { organizationId: string; documentId: string; editorId: string }) {
  const res = await call("/v2/crdt/get", ref, { headers: key });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.result.data).toHaveLength(1);
  return res.body.result.data[0];
}

/** What a Yjs client sees after applying the update Get returned. */
function clientDoc(update: string): Y.Doc {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, Buffer.from(update, "base64"));
  return doc;
}

afterEach(() => {
  delete process.env.WEFT_CRDT_MAX_STATE_BYTES;
  reloadEnvForTests();
});

describe("Add and Get CRDT Data", () => {
  it("stores text as Y.Text and returns it with an update a Yjs client applies", async () => {
    const ref = editor();
    const res = await add({ ...ref, data: "Hello, collaborative world!", type: "text" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ result: { status: "success", message: "CRDT data added successfully." } });
    const got = await call("/v2/crdt/get", ref, { headers: key });
    expect(got.body.result.status).toBe("success");
    expect(got.body.result.message).toBe("CRDT data retrieved successfully.");
    const [item] = got.body.result.data;
    expect(item).toMatchObject({
      data: "Hello, collaborative world!",
      id: ref.editorId,
      lastUpdatedBy: apiKey,
      sessionId: null,
      type: "text",
      contentKey: "content",
    });
    expect(new Date(item.lastUpdate).toISOString()).toBe(item.lastUpdate);
    expect(clientDoc(item.update).getText("content").toString()).toBe("Hello, collaborative world!");
  });

  it("stores a map as nested Y.Maps", async () => {
    const ref = editor();
    const data = {
      nodes: { "node-1": { label: "A", position: { x: 1, y: 2 } } },
      edges: {},
      title: "flow",
      tags: ["a", 1, null],
    };
    expect((await add({ ...ref, data, type: "map" })).status).toBe(200);
    const item = await getOne(ref);
    expect(item.data).toEqual(data);
    const map = clientDoc(item.update).getMap("content");
    expect(map.get("nodes")).toBeInstanceOf(Y.Map);
    expect(map.toJSON()).toEqual(data);
  });

  it("stores an array as Y.Array", async () => {
    const ref = editor();
    const data = [
      { id: "1", text: "Item 1" },
      { id: "2", text: "Item 2" },
    ];
    expect((await add({ ...ref, data, type: "array" })).status).toBe(200);
    const item = await getOne(ref);
    expect(item.data).toEqual(data);
    expect(clientDoc(item.update).getArray("content").toJSON()).toEqual(data);
  });

  it("parses xml into a Y.XmlFragment under the content key given: marks on the text, typed attributes", async () => {
    const ref = editor();
    const xml =
      '<paragraph>Hello <m:bold>World</m:bold> &amp; <m:link href="https://weft.dev">you</m:link></paragraph><heading level="2">Title</heading><hr/>';
    expect((await add({ ...ref, data: xml, type: "xml", contentKey: "default" })).status).toBe(200);
    const item = await getOne(ref);
    expect(item).toMatchObject({ data: xml, type: "xml", contentKey: "default" });
    const fragment = clientDoc(item.update).getXmlFragment("default");
    const [paragraph, heading] = fragment.toArray() as Y.XmlElement[];
    expect(paragraph.nodeName).toBe("paragraph");
    expect((paragraph.get(0) as Y.XmlText).toDelta()).toEqual([
      { insert: "Hello " },
      { insert: "World", attributes: { bold: {} } },
      { insert: " & " },
      { insert: "you", attributes: { link: { href: "https://weft.dev" } } },
    ]);
    expect(heading.getAttribute("level")).toBe(2);
  });

  it("takes back what Get returned without changing the stored Yjs state by a byte", async () => {
    const ref = editor();
    const client = new Y.Doc();
    const text = new Y.XmlText();
    const item = new Y.XmlElement("taskItem");
    item.setAttribute("checked", true as unknown as string);
    client.getXmlFragment("default").insert(0, [item]);
    item.insert(0, [text]);
    text.insert(0, "a linked word, done");
    text.format(2, 6, { link: { href: "https://x.test", target: "_blank", rel: null } });
    expect((await add({ ...ref, data: "", type: "xml", contentKey: "default" })).status).toBe(200);
    // The client's content arrives as its Yjs state in the update log, as a live edit would bring it.
    await db().crdtUpdate.create({
      data: { apiKeyId: apiKey, ...ref, update: new Uint8Array(Y.encodeStateAsUpdate(client)) },
    });
    const before = await getOne(ref);
    expect(before.data).toBe(
      `<taskItem checked="true">a <m:link href="https://x.test" rel="null" target="_blank">linked</m:link> word, done</taskItem>`,
    );
    expect((await update({ ...ref, data: before.data, type: "xml" })).status).toBe(200);
    const after = await getOne(ref);
    expect(after.update).toBe(before.update);
    expect(after.data).toBe(before.data);
  });

  it("lists every editor of a document, and nothing for an unknown editor or another key", async () => {
    const doc = { organizationId: "org-list", documentId: "doc-list" };
    await add({ ...doc, editorId: "e1", data: "one", type: "text" });
    await add({ ...doc, editorId: "e2", data: ["two"], type: "array" });
    const all = await call("/v2/crdt/get", doc, { headers: key });
    expect(all.body.result.data.map((d: { id: string; data: unknown }) => [d.id, d.data])).toEqual([
      ["e1", "one"],
      ["e2", ["two"]],
    ]);
    expect((await call("/v2/crdt/get", { ...doc, editorId: "nope" }, { headers: key })).body.result.data).toEqual([]);
    const other = await newWorkspace();
    expect((await call("/v2/crdt/get", doc, { headers: other.key })).body.result.data).toEqual([]);
    expect(
      (await call("/v2/crdt/update", { ...doc, editorId: "e1", data: "x", type: "text" }, { headers: other.key }))
        .status,
    ).toBe(404);
    expect(
      (await call("/v2/crdt/add", { ...doc, editorId: "e1", data: "mine", type: "text" }, { headers: other.key }))
        .status,
    ).toBe(200);
    expect((await getOne({ ...doc, editorId: "e1" })).data).toBe("one");
  });
});

describe("CRDT errors", () => {
  it("answers ALREADY_EXISTS for an editor id that has data", async () => {
    const ref = editor();
    await add({ ...ref, data: "first", type: "text" });
    const again = await add({ ...ref, data: "second", type: "text" });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      error: { status: "ALREADY_EXISTS", message: "CRDT data already exists for this editor ID." },
    });
    expect((await getOne(ref)).data).toBe("first");
  });

  it("requires the editor id, organization and document", async () => {
    const { editorId: _omit, ...noEditor } = editor();
    expect((await add({ ...noEditor, data: "x", type: "text" })).body).toEqual({
      error: { status: "INVALID_ARGUMENT", message: "Editor ID is required." },
    });
    expect((await add({ ...noEditor, editorId: "", data: "x", type: "text" })).body.error.message).toBe(
      "Editor ID is required.",
    );
    expect((await add({ documentId: "d", editorId: "e", data: "x", type: "text" })).body.error.message).toBe(
      "Organization ID is required.",
    );
    expect((await call("/v2/crdt/get", { documentId: "d" }, { headers: key })).body.error).toEqual({
      status: "INVALID_ARGUMENT",
      message: "Organization ID is required",
    });
    expect((await add({ ...editor(), type: "text" })).body.error.message).toBe("data is required.");
    expect((await add({ ...editor(), data: "x", type: "yaml" })).body.error.message).toBe(
      "type must be one of: text, map, array, xml.",
    );
  });

  it("refuses data that does not match the type", async () => {
    const cases: [string, unknown, string][] = [
      ["map", "a string", "Data must be an object for type map."],
      ["map", [1], "Data must be an object for type map."],
      ["array", { a: 1 }, "Data must be an array for type array."],
      ["text", { a: 1 }, "Data must be a string for type text."],
      ["xml", ["<p/>"], "Data must be a string for type xml."],
    ];
    for (const [type, data, message] of cases) {
      const res = await add({ ...editor(), data, type });
      expect(res.status).toBe(400);
      expect(res.body.error).toEqual({ status: "INVALID_ARGUMENT", message });
    }
    expect((await add({ ...editor(), data: 42, type: "text" })).body.error.message).toBe(
      "data must be a string, an object or an array.",
    );
  });

  it("refuses malformed XML", async () => {
    for (const xml of ["<p>unclosed", "<p></q>", "<p a=1>x</p>", "text</p>", '<!DOCTYPE x [<!ENTITY a "b">]><p/>']) {
      const res = await add({ ...editor(), data: xml, type: "xml" });
      expect(res.status, xml).toBe(400);
      expect(res.body.error.status).toBe("INVALID_ARGUMENT");
      expect(res.body.error.message, xml).toMatch(/^Data must be well-formed XML for type xml: /);
      expect(res.body.error.message).not.toContain("weft-fragment");
    }
    const res = await add({ ...editor(), data: "<p>unclosed", type: "xml" });
    expect(res.body.error.message).toBe(
      "Data must be well-formed XML for type xml: Expected closing tag 'p' instead of the end of the data (line 1, column 12).",
    );
  });

  it("refuses a 5 MB document with the body-size limit, and state over the stored-state limit", async () => {
    const big = await add({ ...editor(), data: "x".repeat(5 * 1024 * 1024), type: "text" });
    expect(big.status).toBe(400);
    expect(big.body.error).toEqual({
      status: "INVALID_ARGUMENT",
      message: "Request body is larger than the 1048576-byte limit.",
    });

    process.env.WEFT_CRDT_MAX_STATE_BYTES = "2048";
    reloadEnvForTests();
    const ref = editor();
    const tooMuch = await add({ ...ref, data: "y".repeat(3000), type: "text" });
    expect(tooMuch.body.error.status).toBe("INVALID_ARGUMENT");
    expect(tooMuch.body.error.message).toMatch(
      /^CRDT data is too large: the editor's stored state would be \d+ bytes; the limit is 2048 bytes\.$/,
    );
    expect((await add({ ...ref, data: "small", type: "text" })).status).toBe(200);
    const grow = await update({ ...ref, data: "z".repeat(3000), type: "text" });
    expect(grow.body.error.message).toMatch(/limit is 2048 bytes/);
    expect((await getOne(ref)).data).toBe("small");
  });
});

describe("Update CRDT Data", () => {
  it("replaces the content through a Yjs update that an existing client merges", async () => {
    const ref = editor();
    await add({ ...ref, data: "Hello world", type: "text" });
    const client = clientDoc((await getOne(ref)).update);
    const res = await update({ ...ref, data: "Hello brave new world!", type: "text" });
    expect(res.body).toEqual({ result: { status: "success", message: "CRDT data updated successfully." } });
    const item = await getOne(ref);
    expect(item.data).toBe("Hello brave new world!");
    Y.applyUpdate(client, Buffer.from(item.update, "base64"));
    expect(client.getText("content").toString()).toBe("Hello brave new world!");
  });

  it("keeps a client's concurrent edit: only the changed part is replaced", async () => {
    const ref = editor();
    await add({ ...ref, data: { title: "old", body: { text: "a" } }, type: "map" });
    const client = clientDoc((await getOne(ref)).update);
    const fromClient: Uint8Array[] = [];
    client.on("update", (u: Uint8Array) => fromClient.push(u));
    (client.getMap("content").get("body") as Y.Map<unknown>).set("note", "added offline");
    await update({ ...ref, data: { title: "new", body: { text: "a" } }, type: "map" });
    Y.applyUpdate(client, Buffer.from((await getOne(ref)).update, "base64"));
    expect(client.getMap("content").toJSON()).toEqual({ title: "new", body: { text: "a", note: "added offline" } });
  });

  it("updates arrays and xml", async () => {
    const list = editor();
    await add({
      ...list,
      data: [
        { id: "1", text: "Item 1" },
        { id: "2", text: "Item 2" },
      ],
      type: "array",
    });
    await update({
      ...list,
      data: [
        { id: "1", text: "Updated Item 1" },
        { id: "3", text: "New Item 3" },
      ],
      type: "array",
    });
    expect((await getOne(list)).data).toEqual([
      { id: "1", text: "Updated Item 1" },
      { id: "3", text: "New Item 3" },
    ]);
    const rich = editor();
    await add({ ...rich, data: "<paragraph>Hello World</paragraph>", type: "xml", contentKey: "default" });
    const next = '<paragraph>Updated content</paragraph><heading level="2">New heading</heading>';
    expect((await update({ ...rich, data: next, type: "xml", contentKey: "default" })).status).toBe(200);
    const item = await getOne(rich);
    expect(item.data).toBe(next);
    expect(clientDoc(item.update).getXmlFragment("default").length).toBe(2);
    expect((await update({ ...rich, data: "<paragraph>again</paragraph>", type: "xml" })).status).toBe(200);
  });

  it("answers NOT_FOUND for an editor without data, and refuses another type or content key", async () => {
    const missing = await update({ ...editor(), data: "x", type: "text" });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: { status: "NOT_FOUND", message: "No CRDT data found for this editor ID." } });
    const ref = editor();
    await add({ ...ref, data: "text", type: "text" });
    expect((await update({ ...ref, data: {}, type: "map" })).body.error).toEqual({
      status: "INVALID_ARGUMENT",
      message: "CRDT data for this editor ID has type text; it cannot be updated as map.",
    });
    expect((await update({ ...ref, data: "x", type: "text", contentKey: "other" })).body.error.message).toBe(
      'CRDT data for this editor ID is stored under contentKey "content", not "other".',
    );
    expect((await update({ ...ref, data: 5, type: "text" })).body.error.message).toBe(
      "data must be a string, an object or an array.",
    );
  });

  it("lands two concurrent updates computed from the same state", async () => {
    const ref = editor();
    await add({ ...ref, data: { a: 0, b: 0 }, type: "map" });
    // Hold the row lock so both requests read the same state and then wait to merge.
    let pending: Promise<unknown>[] = [];
    await db().$transaction(
      async (tx) => {
        await tx.$queryRaw`SELECT 1 FROM "CrdtDocument" WHERE "apiKeyId" = ${apiKey} AND "editorId" = ${ref.editorId} FOR UPDATE`;
        pending = [
          update({ ...ref, data: { a: 1, b: 0 }, type: "map" }),
          update({ ...ref, data: { a: 0, b: 1 }, type: "map" }),
        ];
        await new Promise((r) => setTimeout(r, 1000));
      },
      { timeout: 20_000 },
    );
    const results = (await Promise.all(pending)) as { status: number }[];
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    expect((await getOne(ref)).data).toEqual({ a: 1, b: 1 });
  });

  it("lands many concurrent text updates without losing the stored state", async () => {
    const ref = editor();
    await add({ ...ref, data: "base", type: "text" });
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => update({ ...ref, data: `base ${i}`, type: "text" })),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    const item = await getOne(ref);
    expect(item.data).toMatch(/^base/);
    expect(clientDoc(item.update).getText("content").toString()).toBe(item.data);
  });
});
