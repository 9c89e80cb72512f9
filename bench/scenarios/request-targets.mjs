// The request mixes `npm run bench` loads with autocannon, in turns: two baselines (the raw node:http + pg Get
// Workspace and weft's own constant route) and weft's endpoints. `[<id>]` in a body is replaced by autocannon
// with a fresh id per request, so writes never collide.
import { USERS_ORG } from "./add-users.mjs";
import { PAGES_ORG } from "./document-pages.mjs";
import { NOTIFICATION_READER, NOTIFICATIONS_ORG } from "./notifications.mjs";

export const CRDT_ORG = "bench-crdt";
export const CRDT_DOC = "bench-crdt-document";
const body = (data) => JSON.stringify({ data });

/** Every target's id (what `--only` and `--profile` take), in load order. */
export const TARGET_IDS = [
  "raw",
  "floor",
  "get-workspace",
  "get-users",
  "add-documents",
  "get-documents-1",
  "get-documents-100",
  "add-crdt-data",
  "get-crdt-data",
  "get-notifications",
];
/** What embedded mode measures (no raw baseline there; writes are PostgreSQL mode's). */
export const EMBEDDED_TARGETS = new Set(["floor", "get-workspace", "get-users", "get-documents-1", "get-crdt-data"]);

/**
 * The targets named by `ids`, in load order. `rawBase` is null in embedded mode; `documents` is how many the
 * Get Documents organization holds (named in the target).
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
  const all = [
    {
      id: "raw",
      name: "raw node:http + pg Get Workspace",
      kind: "baseline",
      description: "bench/raw-server.mjs: POST /v2/workspace/get, same auth + SQL + decrypt as weft",
      base: rawBase,
      path: "/v2/workspace/get",
      headers: wsHeaders,
      body: body({}),
    },
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
      { headers: wsHeaders, description: "workspace-level auth, 3 queries" },
    ),
    weft("get-users", "Get Users (page of 100)", "/v2/users/get", { organizationId: USERS_ORG, pageSize: 100 }),
    weft("add-documents", "Add Documents (batch of 100)", "/v2/organizations/documents/add", {
      organizationId: "bench-documents",
      createOrganization: true,
      documents: Array.from({ length: 100 }, (_, i) => ({ documentId: `[<id>]-${i}`, documentName: `Document ${i}` })),
    }),
    weft(
      "get-documents-1",
      `Get Documents page 1 of ${total}`,
      "/v2/organizations/documents/get",
      { organizationId: PAGES_ORG },
      { connections: 4 },
    ),
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
    weft("get-crdt-data", "Get CRDT Data", "/v2/crdt/get", {
      organizationId: CRDT_ORG,
      documentId: CRDT_DOC,
      editorId: "editor",
    }),
    weft("get-notifications", "Get Notifications (v2, one recipient, page of 100)", "/v2/notifications/get", {
      organizationId: NOTIFICATIONS_ORG,
      userId: NOTIFICATION_READER,
      pageSize: 100,
    }),
  ];
  return all.filter((t) => ids.has(t.id));
}
