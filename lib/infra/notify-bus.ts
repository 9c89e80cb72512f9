import pg from "pg";
import { db, isTransaction, type Tx } from "./db";
import { errorFields, log } from "./log";
import { processSlot } from "./process-state";

// publish(channel, payload, tx?) / subscribe(channel, fn) over PostgreSQL's LISTEN/NOTIFY, embedded or external
// alike: LISTEN on one dedicated connection (reconnecting by itself), NOTIFY through pg_notify, inside the
// writing transaction when one is given, so that PostgreSQL delivers it at commit and never on rollback.

/** PostgreSQL refuses NOTIFY payloads of 8,000 bytes or more; keep a margin. Larger data goes by reference. */
export const MAX_PAYLOAD_BYTES = 7_900;

type Listener = (payload: string) => void;

interface Bus {
  databaseUrl: string;
  client?: pg.Client;
  stopped: boolean;
  retryTimer?: NodeJS.Timeout;
}

interface State {
  listeners: Map<string, Set<Listener>>;
  /**
   * LISTEN/UNLISTEN, one statement at a time on the listener connection (pg queues overlapping queries, but no
   * longer wants to); a publish waits for the pending ones, so this process's earlier subscribers hear it.
   */
  listenerQueue: Promise<unknown>;
  /** Per channel, the LISTEN that subscribe() issued (PostgreSQL). */
  listening: Map<string, Promise<unknown>>;
  reconnectListeners: Set<() => void>;
  bus?: Bus;
}

const state = processSlot<State>("notifyBus", () => ({
  listeners: new Map(),
  listenerQueue: Promise.resolve(),
  listening: new Map(),
  reconnectListeners: new Set(),
}));

const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;

export class NotifyPayloadTooLarge extends Error {}

function check(channel: string, payload: string) {
  if (!CHANNEL.test(channel)) throw new Error(`notify bus: invalid channel name ${JSON.stringify(channel)}`);
  const bytes = Buffer.byteLength(payload, "utf8");
  if (bytes > MAX_PAYLOAD_BYTES) {
    throw new NotifyPayloadTooLarge(
      `notify bus: payload of ${bytes} bytes on ${channel} exceeds ${MAX_PAYLOAD_BYTES}; publish a reference instead`,
    );
  }
}

function deliver(channel: string, payload: string) {
  for (const fn of [...(state.listeners.get(channel) ?? [])]) {
    try {
      fn(payload);
    } catch (e) {
      log.error("notify bus subscriber failed", { channel, ...errorFields(e) });
    }
  }
}

/**
 * Sends `payload` to every subscriber of `channel` on every instance. With `tx` (an interactive transaction), it is
 * delivered only if and when that transaction commits.
 */
export function publish(channel: string, payload: string, tx?: Tx): Promise<void> {
  return publishAll(channel, [payload], tx);
}

/**
 * publish of several payloads, in their order, in one statement: a group of live updates committed together is
 * relayed with one round trip instead of one per update.
 */
export async function publishAll(channel: string, payloads: string[], tx?: Tx): Promise<void> {
  for (const payload of payloads) check(channel, payload);
  const bus = state.bus;
  if (!bus) throw new Error("notify bus: not started");
  const inTransaction = tx !== undefined && isTransaction(tx);
  // In a transaction, a payload sent once already is left out: the commit delivers it once anyway.
  const sent = inTransaction ? payloads.filter((p) => firstInTransaction(tx, channel, p)) : payloads;
  if (sent.length === 0) return;
  await state.listenerQueue; // a subscriber this process registered before the publish is listening when it is sent
  if (sent.length === 1) await (tx ?? db()).$executeRaw`SELECT pg_notify(${channel}, ${sent[0]})`;
  else
    await (tx ?? db()).$executeRaw`
      SELECT pg_notify(${channel}, p.payload) FROM unnest(${sent}::text[]) WITH ORDINALITY AS p("payload", "n")
      ORDER BY p."n"`;
}

const publishedIn = new WeakMap<object, Set<string>>();

/** PostgreSQL folds identical notifications of one transaction into one; so does this, and spares the round trip. */
function firstInTransaction(tx: Tx, channel: string, payload: string): boolean {
  let seen = publishedIn.get(tx);
  if (!seen) publishedIn.set(tx, (seen = new Set()));
  const key = `${channel}\n${payload}`;
  if (seen.has(key)) return false;
  seen.add(key);
  return true;
}

/** A JSON payload as an object, or undefined when it is not one (another version's message, say). */
export function parsePayload<T extends object>(payload: string): Partial<T> | undefined {
  try {
    const value: unknown = JSON.parse(payload);
    return typeof value === "object" && value !== null ? (value as Partial<T>) : undefined;
  } catch {
    return undefined;
  }
}

/** Calls `fn` with each payload published on `channel`; returns the function that unsubscribes. */
export function subscribe(channel: string, fn: Listener): () => void {
  if (!CHANNEL.test(channel)) throw new Error(`notify bus: invalid channel name ${JSON.stringify(channel)}`);
  let set = state.listeners.get(channel);
  if (!set) {
    set = new Set();
    state.listeners.set(channel, set);
    state.listening.set(channel, listen(channel));
  }
  set.add(fn);
  return () => {
    const current = state.listeners.get(channel);
    if (!current?.delete(fn) || current.size > 0) return;
    state.listeners.delete(channel);
    state.listening.delete(channel);
    void unlisten(channel);
  };
}

/**
 * Resolves once notifications on `channel` reach this instance's subscribers: at once in process, after the
 * LISTEN that subscribe() issued on PostgreSQL. A reader that must not miss a change subscribes, awaits this,
 * then reads the current state.
 */
export async function listening(channel: string): Promise<void> {
  await state.listening.get(channel);
}

/**
 * Calls `fn` whenever the PostgreSQL listener connection came back after a loss: notifications sent meanwhile
 * are gone, so subscribers that care (workers, caches) sweep. Returns the function that unsubscribes.
 */
export function onReconnect(fn: () => void): () => void {
  state.reconnectListeners.add(fn);
  return () => state.reconnectListeners.delete(fn);
}

function onListener(statement: string, onError: (e: unknown) => void): Promise<unknown> {
  state.listenerQueue = state.listenerQueue.then(async () => {
    const client = state.bus?.client;
    if (client) await client.query(statement).catch(onError); // else connect() listens to every channel
  });
  return state.listenerQueue;
}

const listen = (channel: string) =>
  onListener(`LISTEN "${channel}"`, (e) => log.warn("notify bus LISTEN failed", errorFields(e)));

const unlisten = (channel: string) => onListener(`UNLISTEN "${channel}"`, () => {});

const BACKOFF_MS = [100, 250, 500, 1_000, 2_000, 5_000];

async function connect(bus: Bus, attempt: number): Promise<void> {
  const client = new pg.Client({ connectionString: bus.databaseUrl, application_name: "weft-notify" });
  client.on("notification", (m) => {
    if (state.bus === bus) deliver(m.channel, m.payload ?? "");
  });
  client.on("error", (e) => log.warn("notify bus connection error", errorFields(e)));
  client.on("end", () => {
    if (bus.client !== client) return;
    bus.client = undefined;
    if (!bus.stopped) scheduleReconnect(bus, 0);
  });
  try {
    await client.connect();
    if (bus.stopped) {
      await client.end().catch(() => {});
      return;
    }
    // Assigned before LISTEN so that a channel subscribed meanwhile is listened to on this connection too.
    bus.client = client;
    for (const channel of state.listeners.keys()) await client.query(`LISTEN "${channel}"`);
  } catch (e) {
    if (bus.client === client) bus.client = undefined;
    client.removeAllListeners("end");
    await client.end().catch(() => {});
    if (attempt === 0) throw e;
    if (bus.stopped) return;
    log.warn("notify bus cannot connect; retrying", { attempt, ...errorFields(e) });
    scheduleReconnect(bus, attempt + 1);
  }
}

function scheduleReconnect(bus: Bus, attempt: number) {
  const delay = BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length - 1)];
  bus.retryTimer = setTimeout(() => {
    bus.retryTimer = undefined;
    void connect(bus, Math.max(attempt, 1)).then(() => {
      if (!bus.client || bus.stopped) return;
      log.info("notify bus reconnected");
      for (const fn of [...state.reconnectListeners]) {
        try {
          fn();
        } catch (e) {
          log.error("notify bus reconnect listener failed", errorFields(e));
        }
      }
    });
  }, delay);
}

/** Starts the bus for this process: called by start-up (and the test harness) once the database is known. */
export async function startNotifyBus(opts: { databaseUrl: string }) {
  await stopNotifyBus();
  const bus: Bus = { databaseUrl: opts.databaseUrl, stopped: false };
  state.bus = bus;
  await connect(bus, 0);
}

export async function stopNotifyBus() {
  const bus = state.bus;
  if (!bus) return;
  state.bus = undefined;
  bus.stopped = true;
  clearTimeout(bus.retryTimer);
  const client = bus.client;
  bus.client = undefined;
  await client?.end().catch(() => {});
}
