// The request mixes `npm run bench` loads with autocannon, in turns: two baselines (the raw node:http + pg Get
// Workspace and weft's own constant route) and weft's endpoints. `[<id>]` in a body is replaced by autocannon
// with a fresh id per request, so writes never collide.
import { USERS_ORG } from "./add-users.mjs";
import { PAGES_ORG } from "./document-pages.mjs";

export const CRDT_ORG = "bench-crdt";
export const CRDT_DOC = "bench-crdt-document";
const body = (data) => JSON.stringify({ data });

export function requestTargets({ rawBase, weftBase, wsHeaders, keyHeaders, page100Body }) {
  const weft = (name, path, data, extra = {}) => ({
    name,
    base: weftBase,
    path,
    headers: keyHeaders,
    body: typeof data === "string" ? data : body(data),
    ...extra,
  });
  return [
    {
      name: "raw node:http + pg Get Workspace",
      kind: "baseline",
      description: "bench/raw-server.mjs: POST /v2/workspace/get, same auth + SQL + decrypt as weft",
      base: rawBase,
      path: "/v2/workspace/get",
      headers: wsHeaders,
      body: body({}),
    },
    {
      name: "weft floor (constant route)",
      kind: "baseline",
      description: "POST /api/live: a route handler of the same build answering a constant JSON body; no DB, no auth",
      base: weftBase,
      path: "/api/live",
      headers: {},
      body: body({}),
    },
    weft(
      "Get Workspace",
      "/v2/workspace/get",
      {},
      { headers: wsHeaders, description: "workspace-level auth, 3 queries" },
    ),
    weft("Get Users (page of 100)", "/v2/users/get", { organizationId: USERS_ORG, pageSize: 100 }),
    weft("Add Documents (batch of 100)", "/v2/organizations/documents/add", {
      organizationId: "bench-documents",
      createOrganization: true,
      documents: Array.from({ length: 100 }, (_, i) => ({ documentId: `[<id>]-${i}`, documentName: `Document ${i}` })),
    }),
    weft(
      "Get Documents page 1 of 100,000",
      "/v2/organizations/documents/get",
      { organizationId: PAGES_ORG },
      { connections: 4 },
    ),
    weft("Get Documents page 100 of 100,000", "/v2/organizations/documents/get", page100Body, { connections: 4 }),
    weft("Add CRDT Data (text)", "/v2/crdt/add", {
      organizationId: CRDT_ORG,
      documentId: "[<id>]",
      editorId: "editor",
      type: "text",
      data: "Hello from the bench",
    }),
    weft("Get CRDT Data", "/v2/crdt/get", { organizationId: CRDT_ORG, documentId: CRDT_DOC, editorId: "editor" }),
  ];
}
