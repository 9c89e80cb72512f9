import { createHash, createHmac, pbkdf2Sync, randomBytes, timingSafeEqual } from "node:crypto";
import { createServer } from "node:net";
import { PGLiteSocketHandler } from "@electric-sql/pglite-socket";

// Serves one PGlite over the PostgreSQL wire protocol on a loopback port, to many connections. Plain
// JavaScript: it runs in the embedded database's worker thread (embedded-db-worker.mjs), outside any bundle.
//
// pglite-socket's own server interleaves connections message by message outside transactions, so the
// extended-query messages of two clients (Parse, Bind, Execute, ... Sync) mix and break each other's
// unnamed statement ("unnamed prepared statement does not exist"), and one failed message stops its queue
// for good. This queue gives a connection the database from its first extended-protocol message until its
// Sync (or simple Query) completes, and for as long as it holds a transaction open.
//
// pglite-socket has no authentication (PGlite answers every startup message with AuthenticationOk), so the
// queue runs PostgreSQL's SCRAM-SHA-256 exchange itself with a per-start password and hands a connection's
// startup message to PGlite only once the client has proved it knows the password. Any other message
// before that gets a FATAL error and the connection is closed.

/**
 * @typedef {{ handlerId: number, message: Uint8Array, onData: (data: Uint8Array) => void,
 *   resolve: (n: number) => void, reject: (e: unknown) => void }} Item
 * @typedef {{ stage: "startup" | "initial" | "final" | "open" | "refused", startup?: Uint8Array,
 *   clientFirstBare?: string, serverFirst?: string, nonce?: string }} Gate
 */

const EXTENDED = new Set(["P", "B", "D", "E", "C", "H", "F"].map((c) => c.charCodeAt(0)));
const SYNC = "S".charCodeAt(0);
const QUERY = "Q".charCodeAt(0);
const TERMINATE = "X".charCodeAt(0);
const PASSWORD = "p".charCodeAt(0);
const PROTOCOL_3 = 196608;
const SCRAM = "SCRAM-SHA-256";
const SCRAM_ITERATIONS = 4096;

/** @param {string} type @param {Buffer} body */
function message(type, body) {
  const head = Buffer.alloc(5);
  head.write(type, 0, "latin1");
  head.writeInt32BE(body.length + 4, 1);
  return new Uint8Array(Buffer.concat([head, body]));
}

/** An Authentication message: `code` then `payload`. @param {number} code @param {Buffer} payload */
function authentication(code, payload = Buffer.alloc(0)) {
  const c = Buffer.alloc(4);
  c.writeInt32BE(code);
  return message("R", Buffer.concat([c, payload]));
}

/** @param {string} code @param {string} text */
function fatal(code, text) {
  const field = (/** @type {string} */ k, /** @type {string} */ v) => Buffer.from(`${k}${v}\0`, "utf8");
  return message(
    "E",
    Buffer.concat([field("S", "FATAL"), field("V", "FATAL"), field("C", code), field("M", text), Buffer.from([0])]),
  );
}

/** @param {Uint8Array} m */
const isStartup = (m) => m.length >= 8 && Buffer.from(m.buffer, m.byteOffset, m.length).readInt32BE(4) === PROTOCOL_3;

/** `k=v` attributes of a SCRAM message. @param {string} text */
function attributes(text) {
  /** @type {Map<string, string>} */
  const out = new Map();
  for (const part of text.split(",")) {
    const eq = part.indexOf("=");
    if (eq > 0) out.set(part.slice(0, eq), part.slice(eq + 1));
  }
  return out;
}

const hmac = (/** @type {Buffer} */ key, /** @type {string} */ text) => createHmac("sha256", key).update(text).digest();
const sha256 = (/** @type {Buffer} */ data) => createHash("sha256").update(data).digest();

/** The server's SCRAM-SHA-256 secrets for one password (RFC 5802/7677), derived once per start. */
class ScramSecret {
  /** @param {string} password */
  constructor(password) {
    this.salt = randomBytes(16);
    const salted = pbkdf2Sync(password, this.salt, SCRAM_ITERATIONS, 32, "sha256");
    this.storedKey = sha256(hmac(salted, "Client Key"));
    this.serverKey = hmac(salted, "Server Key");
  }
}

export class ConnectionAwareQueue {
  /** @type {Item[]} */
  items = [];
  processing = false;
  /** @type {number | null} */
  owner = null;
  /** @type {Map<number, Gate>} */
  gates = new Map();

  /**
   * @param {import("@electric-sql/pglite").PGlite} db
   * @param {ScramSecret} secret
   * @param {(handlerId: number) => void} close ends a connection once its pending output is written
   */
  constructor(db, secret, close) {
    this.db = db;
    this.secret = secret;
    this.close = close;
  }

  /** @param {number} handlerId @param {Uint8Array} message @param {(data: Uint8Array) => void} onData */
  enqueue(handlerId, message, onData) {
    const gate = this.gates.get(handlerId) ?? { stage: "startup" };
    this.gates.set(handlerId, gate);
    if (gate.stage !== "open") return Promise.resolve(this.authenticate(handlerId, gate, message, onData));
    return this.run(handlerId, message, onData);
  }

  /** @param {number} handlerId @param {Uint8Array} message @param {(data: Uint8Array) => void} onData */
  run(handlerId, message, onData) {
    return new Promise((resolve, reject) => {
      this.items.push({ handlerId, message, onData, resolve, reject });
      void this.process();
    });
  }

  /**
   * One step of the SCRAM exchange; returns the bytes written (or, once proven, the startup's reply).
   * @param {number} handlerId @param {Gate} gate @param {Uint8Array} msg @param {(data: Uint8Array) => void} onData
   * @returns {number | Promise<number>}
   */
  authenticate(handlerId, gate, msg, onData) {
    const refuse = (/** @type {string} */ code, /** @type {string} */ text) => {
      gate.stage = "refused";
      const reply = fatal(code, text);
      onData(reply);
      this.close(handlerId);
      return reply.length;
    };
    if (gate.stage === "refused") return 0;
    const buf = Buffer.from(msg.buffer, msg.byteOffset, msg.length);
    if (gate.stage === "startup") {
      if (!isStartup(msg)) return refuse("08P01", "expected a startup message");
      gate.startup = new Uint8Array(msg);
      gate.stage = "initial";
      const reply = authentication(10, Buffer.from(`${SCRAM}\0\0`, "latin1"));
      onData(reply);
      return reply.length;
    }
    const failed = () => refuse("28P01", 'password authentication failed for user "postgres"');
    if (msg[0] !== PASSWORD || buf.length < 5) return failed();
    if (gate.stage === "initial") {
      const end = buf.indexOf(0, 5);
      if (end < 0 || buf.toString("latin1", 5, end) !== SCRAM || buf.length < end + 5) return failed();
      const clientFirst = buf.toString("utf8", end + 5);
      if (!clientFirst.startsWith("n,,")) return failed(); // no channel binding without TLS
      const clientFirstBare = clientFirst.slice(3);
      const clientNonce = attributes(clientFirstBare).get("r");
      if (!clientNonce) return failed();
      gate.nonce = clientNonce + randomBytes(18).toString("base64");
      gate.clientFirstBare = clientFirstBare;
      gate.serverFirst = `r=${gate.nonce},s=${this.secret.salt.toString("base64")},i=${SCRAM_ITERATIONS}`;
      gate.stage = "final";
      const reply = authentication(11, Buffer.from(gate.serverFirst, "utf8"));
      onData(reply);
      return reply.length;
    }
    // stage "final": c=biws,r=<nonce>,p=<proof>
    const clientFinal = buf.toString("utf8", 5);
    const proofAt = clientFinal.lastIndexOf(",p=");
    const attrs = attributes(clientFinal);
    if (proofAt < 0 || attrs.get("c") !== "biws" || attrs.get("r") !== gate.nonce) return failed();
    const withoutProof = clientFinal.slice(0, proofAt);
    const authMessage = `${gate.clientFirstBare},${gate.serverFirst},${withoutProof}`;
    const proof = Buffer.from(attrs.get("p") ?? "", "base64");
    if (proof.length !== 32) return failed();
    const signature = hmac(this.secret.storedKey, authMessage);
    const clientKey = Buffer.from(proof.map((b, i) => b ^ signature[i]));
    if (!timingSafeEqual(sha256(clientKey), this.secret.storedKey)) return failed();
    const serverSignature = hmac(this.secret.serverKey, authMessage).toString("base64");
    const reply = authentication(12, Buffer.from(`v=${serverSignature}`, "utf8"));
    onData(reply);
    gate.stage = "open";
    const startup = /** @type {Uint8Array} */ (gate.startup);
    gate.startup = undefined;
    return this.run(handlerId, startup, onData).then((n) => n + reply.length);
  }

  next() {
    if (this.owner === null) return this.items.shift();
    const i = this.items.findIndex((it) => it.handlerId === this.owner);
    return i === -1 ? undefined : this.items.splice(i, 1)[0];
  }

  async process() {
    if (this.processing) return;
    this.processing = true;
    try {
      for (let item = this.next(); item; item = this.next()) {
        const current = item;
        let bytes = 0;
        try {
          await this.db.runExclusive(() =>
            this.db.execProtocolRawStream(current.message, {
              onRawData: (/** @type {Uint8Array} */ data) => {
                bytes += data.length;
                current.onData(data);
              },
            }),
          );
          current.resolve(bytes);
        } catch (e) {
          current.reject(e);
        }
        this.updateOwner(current.handlerId, current.message[0]);
      }
    } finally {
      this.processing = false;
    }
  }

  /** @param {number} handlerId @param {number | undefined} type */
  updateOwner(handlerId, type) {
    if (type === undefined) return;
    if (EXTENDED.has(type)) this.owner = handlerId;
    else if (type === SYNC || type === QUERY) this.owner = this.db.isInTransaction() ? handlerId : null;
    else if (type === TERMINATE && this.owner === handlerId) this.owner = null;
  }

  getQueueLength() {
    return this.items.length;
  }

  /** @param {number} handlerId */
  clearQueueForHandler(handlerId) {
    this.gates.delete(handlerId);
    this.items = this.items.filter((it) => {
      if (it.handlerId !== handlerId) return true;
      it.reject(new Error("Handler disconnected"));
      return false;
    });
  }

  /** @param {number} handlerId */
  async clearTransactionIfNeeded(handlerId) {
    if (this.owner !== handlerId) return;
    if (this.db.isInTransaction()) await this.db.exec("ROLLBACK").catch(() => {});
    this.owner = null;
    void this.process();
  }
}

/**
 * Serves `db` on 127.0.0.1 (a free port) to clients that know `password` (SCRAM-SHA-256, user postgres).
 * @param {import("@electric-sql/pglite").PGlite} db
 * @param {{ password: string, maxConnections?: number }} options
 * @returns {Promise<{ port: number, stop(): Promise<void> }>}
 */
export async function servePglite(db, { password, maxConnections = 20 }) {
  await db.waitReady;
  /** @type {Map<number, import("node:net").Socket>} */
  const sockets = new Map();
  const queue = new ConnectionAwareQueue(db, new ScramSecret(password), (id) => sockets.get(id)?.end());
  /** @type {Set<PGLiteSocketHandler>} */
  const handlers = new Set();
  const server = createServer((socket) => {
    if (handlers.size >= maxConnections) {
      socket.end("Too many connections\n");
      return;
    }
    // The handler only calls enqueue / clearQueueForHandler / clearTransactionIfNeeded on its queue.
    const handler = new PGLiteSocketHandler({ queryQueue: /** @type {never} */ (queue), closeOnDetach: true });
    handlers.add(handler);
    sockets.set(handler.handlerId, socket);
    const drop = () => {
      handlers.delete(handler);
      sockets.delete(handler.handlerId);
    };
    handler.addEventListener("close", drop);
    handler.addEventListener("error", drop);
    handler.attach(socket).catch(() => {
      drop();
      socket.destroy();
    });
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve(undefined));
  });
  const address = server.address();
  if (!address || typeof address !== "object") throw new Error("embedded database server has no address");
  return {
    port: address.port,
    async stop() {
      const closed = new Promise((resolve) => server.close(() => resolve(undefined)));
      for (const h of handlers) await h.detach(true).catch(() => {});
      handlers.clear();
      await closed;
    },
  };
}
