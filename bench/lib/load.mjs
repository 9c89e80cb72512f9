// Load with autocannon on 127.0.0.1. Targets take turns, round by round, so that drift in the machine's load
// hits all of them alike; each target reports its best round (the one least disturbed by other work).
import autocannon from "autocannon";

const log = (msg) => console.log(`bench: ${msg}`);

function run(target, connections, duration) {
  return autocannon({
    url: `${target.base}${target.path}`,
    method: "POST",
    headers: { "content-type": "application/json", ...target.headers },
    body: target.body,
    idReplacement: target.body.includes("[<id>]"),
    connections: target.connections ?? connections,
    duration,
  });
}

function summary(target, r) {
  const expected = target.expectedStatus ?? 200;
  const wrong = expected === 200 ? r.requests.total - r["2xx"] : r.requests.total - r["4xx"];
  return {
    reqPerSec: r.requests.average,
    requests: r.requests.total,
    latencyMs: { p50: r.latency.p50, p90: r.latency.p90, p99: r.latency.p99, max: r.latency.max, mean: r.latency.mean },
    throughputBytesPerSec: r.throughput.average,
    status2xx: r["2xx"],
    status4xx: r["4xx"],
    status5xx: r["5xx"],
    errors: r.errors,
    timeouts: r.timeouts,
    unexpected: wrong + r.errors + r.timeouts,
  };
}

/** Loads every target `rounds` times, in turns, after a warm-up each; returns one result per target. */
export async function loadInTurns(targets, { connections, duration, rounds, warmup }) {
  const byTarget = targets.map(() => []);
  if (warmup > 0) for (const t of targets) await run(t, connections, warmup);
  for (let round = 0; round < rounds; round++) {
    for (const [i, t] of targets.entries()) {
      const r = summary(t, await run(t, connections, duration));
      byTarget[i].push(r);
      log(
        `  round ${round + 1}/${rounds}  ${t.name.padEnd(34)} ${String(Math.round(r.reqPerSec)).padStart(6)} req/s  p99 ${r.latencyMs.p99} ms${r.unexpected ? `  (${r.unexpected} unexpected answers/errors)` : ""}`,
      );
    }
  }
  if (rounds === 0) return [];
  return targets.map((t, i) => {
    const rs = byTarget[i];
    const best = rs.reduce((a, b) => (b.reqPerSec > a.reqPerSec ? b : a));
    return {
      id: t.id,
      target: t.name,
      description: t.description,
      expectedStatus: t.expectedStatus ?? 200,
      ...best,
      unexpected: rs.reduce((n, r) => n + r.unexpected, 0),
      rounds: rs.map((r) => ({ reqPerSec: r.reqPerSec, latencyMs: r.latencyMs, unexpected: r.unexpected })),
    };
  });
}
