import { expect } from "vitest";
import { listTables } from "@/lib/infra/backup/catalog";
import { connectRaw, ident } from "@/lib/infra/backup/connection";
import { asKey, call, newWorkspace } from "./api";

// Data for the backup, restore and move tests, written through the API: a workspace and its key, an
// organization with documents and users, CRDT state (bytea), a notification whose fan-out job is pending
// until a worker runs it; and the reads that must answer the same on the restored or moved copy.

export const NOTIFY_ALL_RECIPIENT = "cy";

export async function populate() {
  const w = await newWorkspace();
  const api = asKey(w);
  const ok = async (path: string, data: unknown) => {
    const res = await api(path, data);
    expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
  };
  await ok("/v2/organizations/documents/add", {
    organizationId: "org",
    createOrganization: true,
    documents: [{ documentId: "doc-1", documentName: "Budget" }, { documentId: "doc-2" }],
  });
  await ok("/v2/users/add", {
    organizationId: "org",
    users: [
      { userId: "ada", name: "Ada", email: "ada@example.com" },
      { userId: NOTIFY_ALL_RECIPIENT, name: "Cy" },
    ],
  });
  const crdt = { organizationId: "org", documentId: "doc-1", editorId: "editor-1" };
  await ok("/v2/crdt/add", { ...crdt, data: "Hello, collaborative world!", type: "text" });
  await ok("/v2/crdt/update", { ...crdt, data: "Hello again, with ünïcödé and a \\ backslash", type: "text" });
  await ok("/v2/crdt/versions/save", { ...crdt, versionName: "Saved for Ada", userId: "ada" });
  // An array column (Comment.taggedUserIds) with values that need quoting in PostgreSQL's array text.
  const tricky = { userId: 'o\'neil, "q" {x}', name: "O'Neil", email: "oneil@example.com" };
  await ok("/v2/commentannotations/add", {
    organizationId: "org",
    documentId: "doc-1",
    commentAnnotations: [
      {
        annotationId: "ann-1",
        location: { id: "loc-1", locationName: "Intro" },
        commentData: [
          {
            commentId: 111111,
            commentText: "Hey @O'Neil",
            commentHtml: "<p>Hey @O'Neil</p>",
            from: { userId: "ada", name: "Ada", email: "ada@example.com" },
            taggedUserContacts: [{ text: "@O'Neil", userId: tricky.userId, contact: tricky }],
          },
        ],
      },
    ],
  });
  await ok("/v1/notifications/add", {
    organizationId: "org",
    documentId: "doc-1",
    notificationId: "to-all",
    actionUser: { userId: "ada", name: "Ada", email: "ada@example.com" },
    displayHeadlineMessageTemplate: "{actionUser} shared the budget",
    displayHeadlineMessageTemplateData: { actionUser: { userId: "ada" } },
    displayBodyMessage: "Numbers for next year",
    notifyUsers: [],
  });
  return w;
}

type Credentials = Awaited<ReturnType<typeof populate>>;

/** The API's answers about the populated data: equal before and after a restore or a move. */
export async function readChecks(w: Credentials) {
  const api = asKey(w);
  const result = async (res: Promise<{ status: number; body: { result?: unknown } }>) => {
    const r = await res;
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.result;
  };
  return {
    tokens: await result(call("/v2/workspace/authtokens/get", { apiKey: w.apiKey }, { headers: w.ws })),
    documents: await result(api("/v2/organizations/documents/get", { organizationId: "org" })),
    users: await result(api("/v2/users/get", { organizationId: "org" })),
    crdt: await result(api("/v2/crdt/get", { organizationId: "org", documentId: "doc-1", editorId: "editor-1" })),
    notifications: await result(api("/v1/notifications/get", { organizationId: "org", notificationIds: ["to-all"] })),
    comments: await result(api("/v2/commentannotations/get", { organizationId: "org", documentId: "doc-1" })),
  };
}

/** Every table's rows as PostgreSQL text, sorted: equal contents compare equal across PGlite and PostgreSQL. */
export async function tableContents(url: string): Promise<Record<string, string[]>> {
  const client = await connectRaw(url);
  try {
    const contents: Record<string, string[]> = {};
    for (const table of await listTables(client)) {
      const row = `ROW(${table.columns.map((c) => ident(c.name)).join(", ")})::text`;
      const r = await client.query<{ row: string }>(`SELECT ${row} AS row FROM ${ident(table.name)}`);
      contents[table.name] = r.rows.map((x) => x.row).sort();
    }
    return contents;
  } finally {
    await client.end();
  }
}
