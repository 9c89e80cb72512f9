import { createServer, type Server, type Socket } from "node:net";
import type { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketHandler } from "@electric-sql/pglite-socket";

// Serves one PGlite over the PostgreSQL wire protocol on a loopback port, to many connections.
//
// pglite-socket's own server interleaves connections message by message outside transactions, so the
// extended-query messages of two clients (Parse, Bind, Execute, ... Sync) mix and break each other's
// unnamed statement ("unnamed prepared statement does not exist"), and one failed message stops its queue
// for good. This queue gives a connection the database from its first extended-protocol message until its
// Sync (or simple Query) completes, and for as long as it holds a transaction open.

interface Item {
  handlerId: number;
  message: Uint8Array;
  onData: (data: Uint8Array) => void;
  resolve: (n: number) => void;
  reject: (e: unknown) => void;
}

const EXTENDED = new Set(["P", "B", "D", "E", "C", "H", "F"].map((c) => c.charCodeAt(0)));
const SYNC = "S".charCodeAt(0);
const QUERY = "Q".charCodeAt(0);
const TERMINATE = "X".charCodeAt(0);

class ConnectionAwareQueue {
  private items: Item[] = [];
  private processing = false;
  private owner: number | null = null;

  constructor(private readonly db: PGlite) {}

  enqueue(handlerId: number, message: Uint8Array, onData: (data: Uint8Array) => void): Promise<number> {
    return new Promise((resolve, reject) => {
      this.items.push({ handlerId, message, onData, resolve, reject });
      void this.process();
    });
  }

  private next(): Item | undefined {
    if (this.owner === null) return this.items.shift();
    const i = this.items.findIndex((it) => it.handlerId === this.owner);
    return i === -1 ? undefined : this.items.splice(i, 1)[0];
  }

  private async process() {
    if (this.processing) return;
    this.processing = true;
    try {
      for (let item = this.next(); item; item = this.next()) {
        let bytes = 0;
        try {
          await this.db.runExclusive(() =>
            this.db.execProtocolRawStream(item!.message, {
              onRawData: (data: Uint8Array) => {
                bytes += data.length;
                item!.onData(data);
              },
            }),
          );
          item.resolve(bytes);
        } catch (e) {
          item.reject(e);
        }
        this.updateOwner(item.handlerId, item.message[0]);
      }
    } finally {
      this.processing = false;
    }
  }

  private updateOwner(handlerId: number, type: number | undefined) {
    if (type === undefined) return;
    if (EXTENDED.has(type)) this.owner = handlerId;
    else if (type === SYNC || type === QUERY) this.owner = this.db.isInTransaction() ? handlerId : null;
    else if (type === TERMINATE && this.owner === handlerId) this.owner = null;
  }

  getQueueLength() {
    return this.items.length;
  }

  clearQueueForHandler(handlerId: number) {
    this.items = this.items.filter((it) => {
      if (it.handlerId !== handlerId) return true;
      it.reject(new Error("Handler disconnected"));
      return false;
    });
  }

  async clearTransactionIfNeeded(handlerId: number) {
    if (this.owner !== handlerId) return;
    if (this.db.isInTransaction()) await this.db.exec("ROLLBACK").catch(() => {});
    this.owner = null;
    void this.process();
  }
}

export interface PgliteServer {
  port: number;
  stop(): Promise<void>;
}

export async function servePglite(db: PGlite, maxConnections = 20): Promise<PgliteServer> {
  await db.waitReady;
  const queue = new ConnectionAwareQueue(db);
  const handlers = new Set<PGLiteSocketHandler>();
  const server: Server = createServer((socket: Socket) => {
    if (handlers.size >= maxConnections) {
      socket.end("Too many connections\n");
      return;
    }
    // The handler only calls enqueue / clearQueueForHandler / clearTransactionIfNeeded on its queue.
    const handler = new PGLiteSocketHandler({ queryQueue: queue, closeOnDetach: true } as never);
    handlers.add(handler);
    const drop = () => handlers.delete(handler);
    handler.addEventListener("close", drop);
    handler.addEventListener("error", drop);
    handler.attach(socket).catch(() => {
      drop();
      socket.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const address = server.address();
  if (!address || typeof address !== "object") throw new Error("embedded database server has no address");
  return {
    port: address.port,
    async stop() {
      for (const h of handlers) await h.detach(true).catch(() => {});
      handlers.clear();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
