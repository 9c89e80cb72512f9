// The raw baseline for `npm run bench`: plain node:http + a pg Pool doing the same work as weft's Get Workspace
// (POST /v2/workspace/get), and nothing else:
//   - read and parse the JSON body ({"data":{}} or empty)
//   - authenticate: workspace id + token headers (x-service-* or x-velt-*), look up "Workspace"."authTokenHash"
//     by id, compare with HMAC-SHA256(token) under the HKDF subkey `weft:token-hash`, in constant time
//     (lib/api/auth.ts, lib/infra/crypto.ts)
//   - load the workspace row and its API keys, decrypt the AES-256-GCM auth token (subkey `weft:encryption`,
//     `v2.<iv>.<tag>.<ct>` base64url, bound to `Workspace.authToken:<id>`) and answer the same envelope (lib/domain/workspaces/workspace-view.ts)
// Same three SQL round trips as weft (auth lookup, workspace row, API keys), unnamed parameterised queries.
//
// Environment: DATABASE_URL, WEFT_SECRET_KEY (64 hex or base64), PORT (0 = any), HOST (127.0.0.1),
// DATABASE_POOL_MAX (10, weft's default). Prints `raw-server listening on <port>` when ready.
import { createDecipheriv, createHmac, hkdfSync, randomUUID, timingSafeEqual } from "node:crypto";
import http from "node:http";
import pg from "pg";

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

const pool = new pg.Pool({ connectionString: DATABASE_URL, max: Number(process.env.DATABASE_POOL_MAX || 10) });
pool.on("error", (e) => console.error("raw-server: idle client error:", e.message));

const MAX_BODY = 1024 * 1024;
const DUMMY_HASH = "x".repeat(43);

class Failure extends Error {
  constructor(status, http, message) {
    super(message);
    this.status = status;
    this.http = http;
  }
}

function send(res, httpStatus, body, requestId) {
  const text = JSON.stringify(body);
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

function header(req, name) {
  const v = req.headers[`x-service-${name}`] ?? req.headers[`x-velt-${name}`];
  return (typeof v === "string" && v.trim()) || undefined;
}

async function getWorkspace(req) {
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
  if (typeof data !== "object" || data === null || Array.isArray(data) || Object.keys(data).length > 0) {
    throw new Failure("INVALID_ARGUMENT", 400, "Invalid data.");
  }

  const workspaceId = header(req, "workspace-id");
  const token = header(req, "workspace-auth-token");
  if (!workspaceId) throw new Failure("PERMISSION_DENIED", 403, "Workspace ID not found in headers.");
  if (!token) throw new Failure("PERMISSION_DENIED", 403, "Auth Token not found in headers.");
  const auth = await pool.query('SELECT "authTokenHash" FROM "Workspace" WHERE "id" = $1 LIMIT 1', [workspaceId]);
  const authRow = auth.rows[0];
  const ok = constantTimeEqual(authRow?.authTokenHash ?? DUMMY_HASH, tokenHash(token));
  if (!authRow || !ok) throw new Failure("PERMISSION_DENIED", 403, "Invalid workspace credentials.");

  const wsResult = await pool.query(
    'SELECT "id", "name", "ownerEmail", "ownerId", "ownerName", "ownerAvatar", "authTokenEnc" FROM "Workspace" WHERE "id" = $1 LIMIT 1',
    [workspaceId],
  );
  const ws = wsResult.rows[0];
  if (!ws) throw new Failure("NOT_FOUND", 404, "Workspace not found.");
  const keys = await pool.query(
    'SELECT "id", "name", "type" FROM "ApiKey" WHERE "workspaceId" = $1 ORDER BY "createdAt" ASC, "id" ASC',
    [workspaceId],
  );
  return {
    id: ws.id,
    name: ws.name,
    owner: { email: ws.ownerEmail, id: ws.ownerId, name: ws.ownerName, avatar: ws.ownerAvatar ?? "" },
    authToken: decryptSecret(ws.authTokenEnc, `Workspace.authToken:${ws.id}`),
    apiKeyList: Object.fromEntries(keys.rows.map((k) => [k.id, { apiKeyName: k.name, id: k.id, type: k.type }])),
  };
}

const server = http.createServer(async (req, res) => {
  const requestId = randomUUID();
  const path = (req.url ?? "/").split("?")[0].replace(/\/+$/, "");
  try {
    if (path === "/healthz") return send(res, 200, { status: "ok" }, requestId);
    if (path !== "/v2/workspace/get") throw new Failure("NOT_FOUND", 404, `Unknown endpoint: ${path}.`);
    if (req.method !== "POST")
      throw new Failure("INVALID_ARGUMENT", 405, `Method ${req.method} is not allowed; use POST.`);
    const data = await getWorkspace(req);
    send(res, 200, { result: { status: "success", message: "Workspace retrieved successfully", data } }, requestId);
  } catch (e) {
    if (e instanceof Failure) return send(res, e.http, { error: { status: e.status, message: e.message } }, requestId);
    console.error("raw-server: request failed:", e);
    send(res, 500, { error: { status: "INTERNAL", message: `Internal error. Request id: ${requestId}.` } }, requestId);
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
