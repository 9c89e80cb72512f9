// The live part of the bench's report: weft ÷ plain Hocuspocus (and ÷ Hocuspocus with its database extension),
// the targets, and the tables.
import { fmt, printTable } from "./lib/table.mjs";
import { PLAIN, WITH_DATABASE } from "./live-targets.mjs";

/** weft ÷ plain per client count, and the targets. */
export function liveSummary(live) {
  const at = (label, n) => live.fanout.find((f) => f.target === label && f.clients === n);
  const ratio = (a, b) => (a !== null && b ? a / b : null);
  const ratios = [...new Set(live.fanout.map((f) => f.clients))].map((n) => {
    const [w, p] = [at("weft", n), at(PLAIN, n)];
    return {
      clients: n,
      restP50: ratio(w.rest.p50, p.rest.p50),
      restP99: ratio(w.rest.p99, p.rest.p99),
      liveP50: ratio(w.live.p50, p.live.p50),
      liveP99: ratio(w.live.p99, p.live.p99),
      restSpreadP99: ratio(w.rest.spread.p99, p.rest.spread.p99),
      liveSpreadP99: ratio(w.live.spread.p99, p.live.spread.p99),
    };
  });
  const w100 = at("weft", 100);
  const idle = live.fanout.find((f) => f.target === "weft" && f.perConnectionKb !== null);
  const within2x = (keys) => ratios.every((r) => keys.every((k) => r[k] === null || r[k] <= 2));
  const perSecond = (label) => live.throughput.find((t) => t.target === label && t.window === 8)?.perSecond ?? null;
  const at100 = ratios.find((r) => r.clients === 100);
  return {
    ratios,
    // Issue 30's live rows: 20 writers x <= 8 unacknowledged; live edit fan-out p99 at 100 clients.
    goals: {
      throughputToPlain: ratio(perSecond("weft"), perSecond(PLAIN)),
      throughputToDatabase: ratio(perSecond("weft"), perSecond(WITH_DATABASE)),
      fanoutP99ToPlain: at100?.liveP99 ?? null,
    },
    targets: {
      endToEndP99AtMost2xPlain: within2x(["restP99", "liveP99"]),
      broadcastP99AtMost2xPlain: within2x(["restSpreadP99", "liveSpreadP99"]),
      p50AtMost100msAt100Clients: w100 ? w100.rest.p50 <= 100 && w100.live.p50 <= 100 : null,
      idleConnectionAtMost50Kb: idle ? idle.perConnectionKb <= 50 : null,
    },
  };
}

export function printLive(live, summary) {
  const r2 = (x) => (x === null ? "-" : x.toFixed(2));
  printTable(
    "Live end to end: change sent -> every connected client has it (p50/p99 over every client and round), ms:",
    [
      [
        "clients",
        "server",
        "REST->client p50",
        "p99",
        "live edit->client p50",
        "p99",
        "missed",
        "REST response p50",
        "KB per idle conn",
      ],
      ...live.fanout.map((f) => [
        f.clients,
        f.target,
        fmt(f.rest.p50),
        fmt(f.rest.p99),
        fmt(f.live.p50),
        fmt(f.live.p99),
        f.rest.missed + f.live.missed,
        fmt(f.restResponse.p50),
        f.perConnectionKb === null ? "-" : f.perConnectionKb.toFixed(1),
      ]),
    ],
  );
  printTable("Live broadcast alone: last client minus first client per round (p50/p99 over rounds), ms:", [
    ["clients", "server", "REST p50", "p99", "live edit p50", "p99"],
    ...live.fanout
      .filter((f) => f.clients > 1)
      .map((f) => [
        f.clients,
        f.target,
        fmt(f.rest.spread.p50),
        fmt(f.rest.spread.p99),
        fmt(f.live.spread.p50),
        fmt(f.live.spread.p99),
      ]),
  ]);
  printTable("weft ÷ plain Hocuspocus:", [
    ["clients", "REST p50", "REST p99", "live p50", "live p99", "REST broadcast p99", "live broadcast p99"],
    ...summary.ratios.map((r) => [
      r.clients,
      r2(r.restP50),
      r2(r.restP99),
      r2(r.liveP50),
      r2(r.liveP99),
      r2(r.restSpreadP99),
      r2(r.liveSpreadP99),
    ]),
  ]);
  printTable("Live updates accepted (20 writers on 20 documents, 200 edits each, until all acknowledged):", [
    ["server", "unacknowledged per writer", "updates", "ms", "updates/s", "documents closed by the server"],
    ...live.throughput.map((t) => [
      t.target,
      t.window === "all" ? "all (burst)" : `<= ${t.window}`,
      t.updates,
      fmt(t.ms),
      t.perSecond === null ? "timeout" : Math.round(t.perSecond),
      t.closed,
    ]),
  ]);
  const t = summary.targets;
  const verdict = (ok) => (ok === null ? "not measured" : ok ? "met" : "MISSED");
  console.log(
    `targets: p99 <= 2x plain end to end ${verdict(t.endToEndP99AtMost2xPlain)}, broadcast alone ${verdict(t.broadcastP99AtMost2xPlain)}; ` +
      `p50 <= 100 ms at 100 clients ${verdict(t.p50AtMost100msAt100Clients)}; idle connection <= 50 KB ${verdict(t.idleConnectionAtMost50Kb)}\n`,
  );
}
