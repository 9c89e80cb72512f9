// The request mixes `npm run bench` loads with autocannon, in turns: weft's endpoints and, for each hot read, its
// raw twin (bench/raw-server.mjs: node:http + pg, the same statement, the same bytes), plus weft's own constant
// route (the framework floor) when asked for. `[<id>]` in a body is replaced by autocannon with a fresh id per
// request, so writes never collide.
import { USERS_ORG } from "./add-users.mjs";
import { PAGES_ORG } from "./document-pages.mjs";
import { NOTIFICATION_READER, NOTIFICATIONS_ORG } from "./notifications.mjs";

export const CRDT_ORG = "bench-crdt";
export const CRDT_DOC = "bench-crdt-document";
const body = (data) => JSON.stringify({ data });

/**
 * Every target's id (what `--only` and `--profile` take), in load order: each hot read right after its raw
 * twin, so that the two of a pair run under the same load of the machine.
 */
export const TARGET_IDS = [
  "raw",
  "get-workspace",
  "raw-get-users",
  "get-users",
  "raw-get-documents-1",
  "get-documents-1",
  "get-documents-100",
  "raw-get-crdt-data",
  "get-crdt-data",
  "floor",
  "add-documents",
  "add-crdt-data",
  "get-notifications",
];
/** What embedded mode measures: the hot reads and their raw twins (writes are PostgreSQL mode's). */
export const EMBEDDED_TARGETS = new Set([
  "raw",
  "raw-get-users",
  "raw-get-documents-1",
  "raw-get-crdt-data",
  "floor",
  "get-workspace",
  "get-users",
  "get-documents-1",
  "get-crdt-data",
]);

/** Each hot read's raw twin: same statement, same reply bytes, on the same database. */
export const RAW_TWIN = {
  "get-workspace": "raw",
  "get-users": "raw-get-users",
  "get-documents-1": "raw-get-documents-1",
  "get-crdt-data": "raw-get-crdt-data",
};
export const isBaseline = (id) => id === "floor" || Object.values(RAW_TWIN).includes(id);

/**
 * The targets named by `ids`, in load order. `documents` is how many the Get Documents organization holds
 * (named in the target).
 */
export function requestTargets({ rawBase, weftBase, wsHeaders, keyHeaders, page100Body, documents, ids }) {
  const total = documents.toLocaleString("en");
  const weft = (id, name, path, data, extra = {}) => ({
    id,
    name,
    base: weftBase,
    path,
    headers: keyHeaders,
    body: typeof data === "string" ? data : body(data),
    ...extra,
  });
  const usersBody = body({ organizationId: USERS_ORG, pageSize: 100 });
  const pageBody = body({ organizationId: PAGES_ORG });
  const crdtBody = body({ organizationId: CRDT_ORG, documentId: CRDT_DOC, editorId: "editor" });
  const raw = (id, name, path, headers, data, extra = {}) => ({
    id,
    name: `raw ${name}`,
    kind: "baseline",
    description: `bench/raw-server.mjs: POST ${path}, the same auth, statement and reply bytes as weft`,
    base: rawBase,
    path,
    headers,
    body: data,
    ...extra,
  });
  const all = [
    raw("raw", "Get Workspace", "/v2/workspace/get", wsHeaders, body({})),
    raw("raw-get-users", "Get Users (page of 100)", "/v2/users/get", keyHeaders, usersBody),
    raw(
      "raw-get-documents-1",
      `Get Documents page 1 of ${total}`,
      "/v2/organizations/documents/get",
      keyHeaders,
      pageBody,
      {
        connections: 4,
      },
    ),
    raw("raw-get-crdt-data", "Get CRDT Data", "/v2/crdt/get", keyHeaders, crdtBody),
    {
      id: "floor",
      name: "weft floor (constant route)",
      kind: "baseline",
      description: "POST /api/live: a route handler of the same build answering a constant JSON body; no DB, no auth",
      base: weftBase,
      path: "/api/live",
      headers: {},
      body: body({}),
    },
    weft(
      "get-workspace",
      "Get Workspace",
      "/v2/workspace/get",
      {},
      { headers: wsHeaders, description: "workspace-level auth (cached), 1 prepared statement" },
    ),
    weft("get-users", "Get Users (page of 100)", "/v2/users/get", usersBody),
    weft("add-documents", "Add Documents (batch of 100)", "/v2/organizations/documents/add", {
      organizationId: "bench-documents",
      createOrganization: true,
      documents: Array.from({ length: 100 }, (_, i) => ({ documentId: `[<id>]-${i}`, documentName: `Document ${i}` })),
    }),
    weft("get-documents-1", `Get Documents page 1 of ${total}`, "/v2/organizations/documents/get", pageBody, {
      connections: 4,
    }),
    weft("get-documents-100", `Get Documents page 100 of ${total}`, "/v2/organizations/documents/get", page100Body, {
      connections: 4,
    }),
    weft("add-crdt-data", "Add CRDT Data (text)", "/v2/crdt/add", {
      organizationId: CRDT_ORG,
      documentId: "[<id>]",
      editorId: "editor",
      type: "text",
      data: "Hello from the bench",
    }),
    weft("get-crdt-data", "Get CRDT Data", "/v2/crdt/get", crdtBody),
    weft("get-notifications", "Get Notifications (v2, one recipient, page of 100)", "/v2/notifications/get", {
      organizationId: NOTIFICATIONS_ORG,
      userId: NOTIFICATION_READER,
      pageSize: 100,
    }),
  ];
  return all
    .filter((t) => ids.has(t.id))
    .sort((a, b) => TARGET_IDS.indexOf(a.id) - TARGET_IDS.indexOf(b.id))
    .map((t) => ({ ...t, raw: RAW_TWIN[t.id] }));
}
