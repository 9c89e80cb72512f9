// Live collaboration measurements of `npm run bench` (`npm run bench -- --only live` runs only these): weft's
// /live WebSocket against a plain @hocuspocus/server (bench/live-plain-server.mjs: no auth, no database) and one
// persisting through @hocuspocus/extension-database, in the same run, with the same stock @hocuspocus/provider
// clients from this process, 127.0.0.1 only.
//   - fan-out with 1, 100 and 1,000 connected clients on one document (weft and plain): a REST update -> every
//     client has it, and a live edit by one more client -> every other client has it (p50/p99 over every client
//     and round)
//   - updates/s one instance accepts (all three): 20 writers on 20 documents send 200 edits each, at most 8
//     unacknowledged per writer, then all at once (a burst), until the server has acknowledged all of them
//   - memory per idle connection: server RSS before and after the 1,000 clients connect, / 1,000
// Listening clients are created with `awareness: null`: with awareness every client's presence would be
// relayed to every other (1,000 x 1,000 messages per presence renewal), which measures awareness, not edits.
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { HocuspocusProvider } from "@hocuspocus/provider";
import WebSocket from "ws";
import * as Y from "yjs";
import { replaceText } from "./lib/replace-text.mjs";

const log = (msg) => console.log(`bench: live: ${msg}`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export const LIVE_TEXT = "content";

/** One stock provider on its own socket; resolves once synced, rejects when refused or after 60 s. */
function connectClient({ wsUrl, name, token }, { awareness = null } = {}) {
  const doc = new Y.Doc();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      provider.destroy();
      reject(new Error(`live client for ${name} not synced within 60 s`));
    }, 60_000);
    const provider = new HocuspocusProvider({
      url: wsUrl,
      name,
      token,
      document: doc,
      WebSocketPolyfill: WebSocket,
      // The provider reconnects when it hears nothing for this long; idle listeners hear nothing by design.
      messageReconnectTimeout: 600_000,
      ...(awareness ? {} : { awareness: null }),
      onSynced: ({ state }) => {
        if (!state) return;
        clearTimeout(timer);
        resolve({ provider, doc, text: doc.getText(LIVE_TEXT) });
      },
      onAuthenticationFailed: ({ reason }) => {
        clearTimeout(timer);
        provider.destroy();
        reject(new Error(`live client for ${name} refused: ${reason}`));
      },
    });
  });
}

function closeClient(c) {
  c.provider.destroy();
  c.doc.destroy();
}

function acked(provider) {
  if (provider.unsyncedChanges === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const on = ({ number }) => {
      if (number !== 0) return;
      provider.off("unsyncedChanges", on);
      resolve();
    };
    provider.on("unsyncedChanges", on);
  });
}

function percentiles(samples) {
  const s = [...samples].sort((a, b) => a - b);
  const at = (p) => (s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] : null);
  return { n: s.length, p50: at(50), p99: at(99), max: s.length ? s[s.length - 1] : null };
}

function rssKb(pid) {
  const m = readFileSync(`/proc/${pid}/status`, "utf8").match(/^VmRSS:\s+(\d+) kB/m);
  return m ? Number(m[1]) : null;
}

/** Connects `n` listeners in batches; each records when its text first equals the current round's text. */
async function connectListeners(target, n) {
  const listeners = [];
  for (let i = 0; i < n; i += 50) {
    const batch = await Promise.all(Array.from({ length: Math.min(50, n - i) }, () => connectClient(target)));
    listeners.push(...batch);
  }
  const state = { round: null };
  for (const l of listeners) {
    l.doc.on("update", () => {
      const r = state.round;
      if (!r || l.seen === r.id || l.text.toString() !== r.expected) return;
      l.seen = r.id;
      r.samples.push(performance.now() - r.t0);
      if (--r.pending === 0) r.done();
    });
  }
  return { listeners, state };
}

/**
 * `rounds` changes, one at a time: the delay from each change to every listener having it, and the spread
 * (last listener minus first, per round), which is the broadcast alone, without the write path before it.
 */
async function fanoutRounds({ listeners, state }, rounds, change, label) {
  const samples = [];
  const spreads = [];
  let missed = 0;
  for (let i = 0; i < rounds; i++) {
    const expected = `${label} round ${i} of ${rounds} ${Math.random().toString(36).slice(2, 8)}`;
    let done;
    const all = new Promise((r) => (done = r));
    const roundSamples = [];
    state.round = {
      id: `${label}-${i}`,
      expected,
      t0: performance.now(),
      pending: listeners.length,
      samples: roundSamples,
      done,
    };
    await change(expected);
    const timeout = sleep(10_000).then(() => "timeout");
    if ((await Promise.race([all, timeout])) === "timeout") missed += state.round.pending;
    state.round = null;
    samples.push(...roundSamples);
    if (roundSamples.length > 1) spreads.push(Math.max(...roundSamples) - Math.min(...roundSamples));
    await sleep(20);
  }
  return { ...percentiles(samples), missed, spread: percentiles(spreads) };
}

/** Fan-out of REST updates and live edits to `n` listeners on one document; RSS per listener when `memory`. */
async function measureFanout(target, n, rounds, { memory = false } = {}) {
  const sender = await connectClient(target);
  await sleep(memory ? 2000 : 200);
  const rssBefore = memory ? rssKb(target.pid) : null;
  const started = performance.now();
  const group = await connectListeners(target, n);
  const connectMs = performance.now() - started;
  let perConnectionKb = null;
  if (memory) {
    await sleep(2000);
    perConnectionKb = (rssKb(target.pid) - rssBefore) / n;
  }
  const restMs = [];
  const rest = await fanoutRounds(
    group,
    rounds,
    async (text) => {
      const t0 = performance.now();
      await target.restReplace(text);
      restMs.push(performance.now() - t0);
    },
    "rest",
  );
  const live = await fanoutRounds(
    group,
    rounds,
    async (text) => {
      replaceText(sender.text, text);
      await acked(sender.provider);
    },
    "live",
  );
  for (const l of [sender, ...group.listeners]) closeClient(l);
  await sleep(500);
  return { clients: n, connectMs, rest, restResponse: percentiles(restMs), live, perConnectionKb };
}

/** Resolves when the provider has at most `n` edits not yet acknowledged. */
function unackedAtMost(provider, n) {
  if (provider.unsyncedChanges <= n) return Promise.resolve();
  return new Promise((resolve) => {
    const on = ({ number }) => {
      if (number > n) return;
      provider.off("unsyncedChanges", on);
      resolve();
    };
    provider.on("unsyncedChanges", on);
  });
}

/**
 * `writers` clients on their own documents send `updates` edits each, keeping at most `window` unacknowledged
 * (Infinity: all at once); accepted updates/s, and how often the server closed a writer's document meanwhile.
 */
async function measureThroughput(target, writers, updates, window) {
  const clients = await Promise.all(
    Array.from({ length: writers }, (_, i) => connectClient({ ...target, name: target.writerName(i) })),
  );
  let closed = 0;
  for (const c of clients) c.provider.on("close", () => closed++);
  const t0 = performance.now();
  const all = Promise.all(
    clients.map(async (c, w) => {
      for (let i = 0; i < updates; i++) {
        if (window !== Infinity) await unackedAtMost(c.provider, window - 1);
        c.text.insert(c.text.length, `${w}.${i} `);
      }
      await acked(c.provider);
    }),
  );
  const finished = await Promise.race([all.then(() => true), sleep(120_000).then(() => false)]);
  const ms = performance.now() - t0;
  for (const c of clients) closeClient(c);
  if (!finished) log(`${target.label}: writers not all acknowledged within 120 s`);
  return {
    writers,
    window: window === Infinity ? "all" : window,
    updates: writers * updates,
    ms,
    perSecond: finished ? (writers * updates * 1000) / ms : null,
    closed,
  };
}

/**
 * Every measurement against each target, the targets taking turns per client count so that drift in the
 * machine's load hits them alike. A target: {label, wsUrl, name (the document), token, pid, restReplace(text), writerName(i)}.
 */
export async function measureLive(targets, { counts = [1000, 100, 1], rounds = 30, writers = 20, updates = 200 } = {}) {
  const fanout = [];
  for (const n of counts) {
    for (const t of targets.filter((x) => !x.throughputOnly)) {
      log(`${t.label}: ${n} client(s), ${rounds} REST updates and ${rounds} live edits`);
      fanout.push({ target: t.label, ...(await measureFanout(t, n, rounds, { memory: n === Math.max(...counts) })) });
    }
  }
  const throughput = [];
  for (const window of [8, Infinity]) {
    for (const t of targets) {
      log(
        `${t.label}: ${writers} writers x ${updates} edits, ${window === Infinity ? "all at once" : `at most ${window} unacknowledged each`}`,
      );
      throughput.push({ target: t.label, ...(await measureThroughput(t, writers, updates, window)) });
    }
  }
  return { fanout, throughput };
}
