// The raw baseline for `npm run bench`: plain node:http + a pg Pool doing the same work as weft's hot reads, and
// nothing else, sending the same bytes (the bench checks that before loading):
//   POST /v2/workspace/get              Get Workspace
//   POST /v2/users/get                  Get Users (organization members, first page, any pageSize)
//   POST /v2/organizations/documents/get Get Documents (first page, any pageSize)
//   POST /v2/crdt/get                   Get CRDT Data (the document's editors, or the one named)
// Each: read and parse the JSON body; authenticate the workspace or API key headers (x-service-* or x-velt-*)
// by HMAC-SHA256 of the token under the HKDF subkey `weft:token-hash`, compared in constant time, remembered for
// 5 s like weft's credential cache (lib/api/auth.ts: a warm call runs no auth query); run the same statement weft
// runs, as a named prepared statement (lib/domain/*/…-store.ts); build the reply object once and JSON.stringify
// it into the same envelope. Get Workspace also decrypts the AES-256-GCM auth token (subkey `weft:encryption`,
// `v2.<iv>.<tag>.<ct>` base64url, bound to `Workspace.authToken:<id>`); Get CRDT Data folds the editor's logged
// updates into its state with Yjs and reads its content, as weft does.
//
// Environment: DATABASE_URL, WEFT_SECRET_KEY (64 hex or base64), PORT (0 = any), HOST (127.0.0.1),
// DATABASE_POOL_MAX (10, weft's default). Prints `raw-server listening on <port>` when ready.
import { createDecipheriv, createHmac, hkdfSync, randomUUID, timingSafeEqual } from "node:crypto";
import http from "node:http";
import pg from "pg";
import * as Y from "yjs";

const { DATABASE_URL, WEFT_SECRET_KEY } = process.env;
if (!DATABASE_URL || !WEFT_SECRET_KEY) {
  console.error("raw-server: DATABASE_URL and WEFT_SECRET_KEY are required");
  process.exit(1);
}

const master = /^[0-9a-fA-F]{64}$/.test(WEFT_SECRET_KEY)
  ? Buffer.from(WEFT_SECRET_KEY, "hex")
  : Buffer.from(WEFT_SECRET_KEY, "base64");
if (master.length !== 32) {
  console.error("raw-server: WEFT_SECRET_KEY must be 32 bytes");
  process.exit(1);
}
const subkey = (purpose) => Buffer.from(hkdfSync("sha256", master, Buffer.alloc(0), `weft:${purpose}`, 32));
const HASH_KEY = subkey("token-hash");
const ENC_KEY = subkey("encryption");

const tokenHash = (token) => createHmac("sha256", HASH_KEY).update(token, "utf8").digest("base64url");

function constantTimeEqual(a, b) {
  const x = Buffer.from(a, "utf8");
  const y = Buffer.from(b, "utf8");
  const same = timingSafeEqual(
    createHmac("sha256", "cmp").update(x).digest(),
    createHmac("sha256", "cmp").update(y).digest(),
  );
  return same && x.length === y.length;
}

function decryptSecret(sealed, aad) {
  const [version, iv, tag, body] = sealed.split(".");
  if (version !== "v2" || !iv || !tag || body === undefined) throw new Error("unreadable encrypted secret");
  const decipher = createDecipheriv("aes-256-gcm", ENC_KEY, Buffer.from(iv, "base64url"));
  decipher.setAAD(Buffer.from(aad, "utf8"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
}

// timestamp(3) columns hold UTC: read them as epoch milliseconds, no Date objects.
pg.types.setTypeParser(1114, (text) => Date.parse(`${text.replace(" ", "T")}Z`));
const pool = new pg.Pool({ connectionString: DATABASE_URL, max: Number(process.env.DATABASE_POOL_MAX || 10) });
pool.on("error", (e) => console.error("raw-server: idle client error:", e.message));

const MAX_BODY = 1024 * 1024;
const DUMMY_HASH = "x".repeat(43);
const AUTH_CACHE_MS = 5_000;

class Failure extends Error {
  constructor(status, http, message) {
    super(message);
    this.status = status;
    this.http = http;
  }
}

function send(res, httpStatus, text, requestId) {
  res.writeHead(httpStatus, {
    "content-type": "application/json; charset=utf-8",
    "cache-control": "no-store",
    "x-request-id": requestId,
    "content-length": Buffer.byteLength(text),
  });
  res.end(text);
}

function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    req.on("data", (c) => {
      size += c.length;
      if (size > MAX_BODY) {
        reject(new Failure("INVALID_ARGUMENT", 413, "Request body is too large."));
        req.destroy();
      } else chunks.push(c);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

async function readData(req) {
  const text = await readBody(req);
  let body;
  try {
    body = text.trim() === "" ? undefined : JSON.parse(text);
  } catch {
    throw new Failure("INVALID_ARGUMENT", 400, "Request body is not valid JSON.");
  }
  if (body !== undefined && (typeof body !== "object" || body === null || Array.isArray(body))) {
    throw new Failure("INVALID_ARGUMENT", 400, 'Request body must be a JSON object with a "data" member.');
  }
  const data = body?.data ?? {};
  if (typeof data !== "object" || data === null || Array.isArray(data))
    throw new Failure("INVALID_ARGUMENT", 400, "Invalid data.");
  return data;
}

function header(req, name) {
  const v = req.headers[`x-service-${name}`] ?? req.headers[`x-velt-${name}`];
  return (typeof v === "string" && v.trim()) || undefined;
}

const verified = new Map(); // cache key -> { scope, until }

async function verifiedOnce(key, verify) {
  const hit = verified.get(key);
  if (hit && hit.until > Date.now()) return hit.scope;
  const scope = await verify();
  verified.set(key, { scope, until: Date.now() + AUTH_CACHE_MS });
  return scope;
}

function authenticateWorkspace(req) {
  const workspaceId = header(req, "workspace-id");
  const token = header(req, "workspace-auth-token");
  if (!workspaceId) throw new Failure("PERMISSION_DENIED", 403, "Workspace ID not found in headers.");
  if (!token) throw new Failure("PERMISSION_DENIED", 403, "Auth Token not found in headers.");
  const hash = tokenHash(token);
  return verifiedOnce(`workspace:${workspaceId}:${hash}`, async () => {
    const r = await pool.query('SELECT "authTokenHash" FROM "Workspace" WHERE "id" = $1 LIMIT 1', [workspaceId]);
    const row = r.rows[0];
    if (!constantTimeEqual(row?.authTokenHash ?? DUMMY_HASH, hash) || !row)
      throw new Failure("PERMISSION_DENIED", 403, "Invalid workspace credentials.");
    return { workspaceId };
  });
}

function authenticateApiKey(req) {
  const apiKeyId = header(req, "api-key");
  const token = header(req, "auth-token");
  if (!apiKeyId) throw new Failure("PERMISSION_DENIED", 403, "API key not found in headers.");
  if (!token) throw new Failure("PERMISSION_DENIED", 403, "Auth Token not found in headers.");
  const hash = tokenHash(token);
  return verifiedOnce(`apiKey:${apiKeyId}:${hash}`, async () => {
    const r = await pool.query(
      'SELECT t."tokenHash", t."apiKeyId", k."workspaceId" FROM "ApiKeyAuthToken" t JOIN "ApiKey" k ON k."id" = t."apiKeyId" WHERE t."tokenHash" = $1 LIMIT 1',
      [hash],
    );
    const row = r.rows[0];
    const ok =
      constantTimeEqual(row?.tokenHash ?? DUMMY_HASH, hash) && constantTimeEqual(row?.apiKeyId ?? "", apiKeyId);
    if (!row || !ok) throw new Failure("PERMISSION_DENIED", 403, "Invalid API key.");
    return { workspaceId: row.workspaceId, apiKeyId };
  });
}

const pageToken = (at, id) => Buffer.from(JSON.stringify([at, id])).toString("base64url");

function pageSizeOf(data) {
  const size = data.pageSize ?? 1000;
  if (!Number.isInteger(size) || size < 1 || size > 1000) throw new Failure("INVALID_ARGUMENT", 400, "Invalid data.");
  if (data.pageToken !== undefined) throw new Failure("INVALID_ARGUMENT", 400, "raw-server: first pages only.");
  return size;
}

function requireString(data, field) {
  if (typeof data[field] !== "string" || data[field] === "")
    throw new Failure("INVALID_ARGUMENT", 400, "Invalid data.");
  return data[field];
}

const NO_ADVANCED_QUERIES = new Failure("PERMISSION_DENIED", 403, "raw-server: advanced queries are off for this key.");

// The statements, as weft's store files write them (Prisma numbers the parameters in order of appearance).
const SQL = {
  workspace: `SELECT w."id", w."name", w."ownerEmail", w."ownerId", w."ownerName", w."ownerAvatar", w."authTokenEnc",
           COALESCE((SELECT json_agg(json_build_array(k."id", k."name", k."type") ORDER BY k."createdAt", k."id")
                     FROM "ApiKey" k WHERE k."workspaceId" = w."id"), '[]'::json) AS "apiKeys"
    FROM "Workspace" w
    WHERE w."id" = $1`,
  members: `SELECT k."advancedQueries" AS "allowed", m."id", m."createdAt", m."resourceId", m."accessRole", m."userId",
           m."name", m."email", m."photoUrl", m."initial", m."color", m."textColor", m."groupIds"
    FROM "ApiKey" k
    LEFT JOIN LATERAL (
      SELECT m."id", m."createdAt", m."resourceId", m."accessRole", u."userId", u."name", u."email", u."photoUrl",
             u."initial", u."color", u."textColor", u."groupIds"
      FROM "Membership" m
      JOIN LATERAL (
        SELECT u."userId", u."name", u."email", u."photoUrl", u."initial", u."color", u."textColor",
               ARRAY(
                 SELECT g."groupId" FROM "UserGroupMember" g
                 WHERE g."apiKeyId" = u."apiKeyId" AND g."organizationId" = u."organizationId" AND g."userId" = u."userId"
                 ORDER BY g."groupId"
               ) AS "groupIds"
        FROM "OrganizationUser" u
        WHERE u."apiKeyId" = m."apiKeyId" AND u."organizationId" = m."organizationId" AND u."userId" = m."userId"
        LIMIT 1
      ) u ON true
      WHERE m."apiKeyId" = k."id" AND m."organizationId" = $1 AND m."resourceType" = $2
        AND m."resourceId" = $3
        AND (m."expiresAt" IS NULL OR m."expiresAt" > $4)
      ORDER BY m."createdAt", m."id"
      LIMIT $5
    ) m ON k."advancedQueries"
    WHERE k."id" = $6
    ORDER BY m."createdAt", m."id"`,
  documents: `SELECT k."advancedQueries" AS "allowed", d."id", d."documentId", d."documentName", d."folderId", d."accessType",
           d."disabled", d."createdAt"
    FROM "ApiKey" k
    LEFT JOIN LATERAL (
      SELECT d."id", d."documentId", d."documentName", d."folderId", d."accessType", d."disabled", d."createdAt"
      FROM "Document" d
      WHERE d."apiKeyId" = k."id" AND d."organizationId" = $1
      ORDER BY d."createdAt", d."id"
      LIMIT $2
    ) d ON k."advancedQueries"
    WHERE k."id" = $3
    ORDER BY d."createdAt", d."id"`,
  crdt: `SELECT d."editorId", d."type", d."contentKey", d."state", d."lastUpdatedBy", d."createdAt", d."updatedAt",
           l."updates", l."lastLoggedAt"
    FROM "CrdtDocument" d
    LEFT JOIN LATERAL (
      SELECT array_agg(u."update" ORDER BY u."id") AS "updates",
             (array_agg(u."createdAt" ORDER BY u."id" DESC))[1] AS "lastLoggedAt"
      FROM "CrdtUpdate" u
      WHERE u."apiKeyId" = d."apiKeyId" AND u."organizationId" = d."organizationId"
        AND u."documentId" = d."documentId" AND u."editorId" = d."editorId"
    ) l ON true
    WHERE d."apiKeyId" = $1 AND d."organizationId" = $2
      AND d."documentId" = $3 AND ($4::text IS NULL OR d."editorId" = $5)
    ORDER BY d."createdAt", d."editorId"`,
};
const query = (name, values) => pool.query({ name: `raw_${name}`, text: SQL[name], values });

async function getWorkspace(req, data) {
  if (Object.keys(data).length > 0) throw new Failure("INVALID_ARGUMENT", 400, "Invalid data.");
  const { workspaceId } = await authenticateWorkspace(req);
  const ws = (await query("workspace", [workspaceId])).rows[0];
  if (!ws) throw new Failure("NOT_FOUND", 404, "Workspace not found.");
  return {
    status: "success",
    message: "Workspace retrieved successfully",
    data: {
      id: ws.id,
      name: ws.name,
      owner: { email: ws.ownerEmail, id: ws.ownerId, name: ws.ownerName, avatar: ws.ownerAvatar ?? "" },
      authToken: decryptSecret(ws.authTokenEnc, `Workspace.authToken:${ws.id}`),
      apiKeyList: Object.fromEntries(ws.apiKeys.map(([id, name, type]) => [id, { apiKeyName: name, id, type }])),
    },
  };
}

const PROFILE = ["name", "email", "photoUrl", "initial", "color", "textColor"];

async function getUsers(req, data) {
  const organizationId = requireString(data, "organizationId");
  const size = pageSizeOf(data);
  const { apiKeyId } = await authenticateApiKey(req);
  const rows = (
    await query("members", [
      organizationId,
      "organization",
      organizationId,
      new Date().toISOString(),
      size + 1,
      apiKeyId,
    ])
  ).rows;
  if (!rows[0]?.allowed) throw NO_ADVANCED_QUERIES;
  const found = rows[0].id === null ? [] : rows;
  const users = [];
  for (let i = 0; i < Math.min(found.length, size); i++) {
    const m = found[i];
    const user = { userId: m.userId };
    for (const k of PROFILE) if (m[k] !== null) user[k] = m[k];
    if (m.groupIds.length) user.organizationUserGroupIds = m.groupIds;
    if (m.accessRole) user.accessRole = m.accessRole;
    users.push(user);
  }
  const reply = { status: "success", message: "User(s) retrieved successfully.", data: users };
  if (found.length > size) reply.nextPageToken = pageToken(found[size - 1].createdAt, found[size - 1].id);
  return reply;
}

async function getDocuments(req, data) {
  const organizationId = requireString(data, "organizationId");
  const size = pageSizeOf(data);
  const { apiKeyId } = await authenticateApiKey(req);
  const rows = (await query("documents", [organizationId, size + 1, apiKeyId])).rows;
  if (!rows[0]?.allowed) throw NO_ADVANCED_QUERIES;
  const found = rows[0].id === null ? [] : rows;
  const documents = [];
  for (let i = 0; i < Math.min(found.length, size); i++) {
    const d = found[i];
    const doc = { id: d.documentId };
    if (d.documentName !== null) doc.documentName = d.documentName;
    doc.disabled = d.disabled;
    doc.accessType = d.accessType;
    if (d.folderId !== null) doc.folderId = d.folderId;
    documents.push(doc);
  }
  const reply = { status: "success", message: "Document(s) retrieved successfully.", data: documents };
  if (found.length > size) reply.pageToken = pageToken(found[size - 1].createdAt, found[size - 1].id);
  return reply;
}

function readContent(doc, type, key) {
  if (type === "text") return doc.getText(key).toString();
  if (type === "map") return doc.getMap(key).toJSON();
  if (type === "array") return doc.getArray(key).toJSON();
  throw new Failure("INVALID_ARGUMENT", 400, "raw-server: xml content is not served here.");
}

async function getCrdtData(req, data) {
  const organizationId = requireString(data, "organizationId");
  const documentId = requireString(data, "documentId");
  const editorId = data.editorId ?? null;
  const { apiKeyId } = await authenticateApiKey(req);
  const rows = (await query("crdt", [apiKeyId, organizationId, documentId, editorId, editorId])).rows;
  const editors = rows.map((row) => {
    const doc = new Y.Doc();
    if (row.state.length) Y.applyUpdate(doc, row.state);
    for (const u of row.updates ?? []) Y.applyUpdate(doc, u);
    const state = row.updates ? Y.encodeStateAsUpdate(doc) : row.state;
    const updatedAt = row.updates && row.lastLoggedAt > row.updatedAt ? row.lastLoggedAt : row.updatedAt;
    return {
      data: readContent(doc, row.type, row.contentKey),
      id: row.editorId,
      lastUpdate: new Date(updatedAt).toISOString(),
      lastUpdatedBy: row.lastUpdatedBy,
      sessionId: null,
      type: row.type,
      contentKey: row.contentKey,
      update: Buffer.from(state).toString("base64"),
    };
  });
  return { status: "success", message: "CRDT data retrieved successfully.", data: editors };
}

const ROUTES = {
  "/v2/workspace/get": getWorkspace,
  "/v2/users/get": getUsers,
  "/v2/organizations/documents/get": getDocuments,
  "/v2/crdt/get": getCrdtData,
};

const server = http.createServer(async (req, res) => {
  const requestId = randomUUID();
  const path = (req.url ?? "/").split("?")[0].replace(/\/+$/, "");
  try {
    if (path === "/healthz") return send(res, 200, '{"status":"ok"}', requestId);
    const route = ROUTES[path];
    if (!route) throw new Failure("NOT_FOUND", 404, `Unknown endpoint: ${path}.`);
    if (req.method !== "POST")
      throw new Failure("INVALID_ARGUMENT", 405, `Method ${req.method} is not allowed; use POST.`);
    const result = await route(req, await readData(req));
    send(res, 200, JSON.stringify({ result }), requestId);
  } catch (e) {
    if (e instanceof Failure)
      return send(res, e.http, JSON.stringify({ error: { status: e.status, message: e.message } }), requestId);
    console.error("raw-server: request failed:", e);
    const body = { error: { status: "INTERNAL", message: `Internal error. Request id: ${requestId}.` } };
    send(res, 500, JSON.stringify(body), requestId);
  }
});
server.headersTimeout = 15_000;
server.requestTimeout = 60_000;
server.keepAliveTimeout = 5_000;

server.listen(Number(process.env.PORT || 0), process.env.HOST || "127.0.0.1", () => {
  console.log(`raw-server listening on ${server.address().port}`);
});

const shutdown = () => {
  server.close();
  pool.end().finally(() => process.exit(0));
  setTimeout(() => process.exit(0), 2000).unref();
};
process.once("SIGTERM", shutdown);
process.once("SIGINT", shutdown);
