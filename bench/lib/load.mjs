// Load with autocannon on 127.0.0.1. Targets take turns, round by round, so that drift in the machine's load
// hits all of them alike; each target reports its best round (the one least disturbed by other work).
import { readFileSync } from "node:fs";
import autocannon from "autocannon";

const log = (msg) => console.log(`bench: ${msg}`);

/**
 * CPU time (user + system) the process has used, in ms, from /proc/<pid>/stat (clock ticks of 10 ms); null when
 * unknown. Per call it is a ratio that other work on a shared machine hardly moves, unlike req/s.
 */
function cpuMs(pid) {
  if (!pid) return null;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10; // utime, stime (fields 14 and 15 of proc(5))
  } catch {
    return null;
  }
}

/** One autocannon run; `cpuMsPerCall`: the CPU the answering process (`target.pid`) used per request meanwhile. */
async function run(target, connections, duration) {
  const before = cpuMs(target.pid);
  const r = await autocannonRun(target, connections, duration);
  const after = cpuMs(target.pid);
  r.cpuMsPerCall =
    before !== null && after !== null && r.requests.total > 0 ? (after - before) / r.requests.total : null;
  return r;
}

function autocannonRun(target, connections, duration) {
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
    cpuMsPerCall: r.cpuMsPerCall,
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
        `  round ${round + 1}/${rounds}  ${t.name.padEnd(34)} ${String(Math.round(r.reqPerSec)).padStart(6)} req/s  p99 ${r.latencyMs.p99} ms${r.cpuMsPerCall !== null ? `  ${r.cpuMsPerCall.toFixed(2)} CPU ms/call` : ""}${r.unexpected ? `  (${r.unexpected} unexpected answers/errors)` : ""}`,
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
      // The fewest CPU ms per call of any round: like the best req/s, the round least disturbed.
      cpuMsPerCall: rs.some((r) => r.cpuMsPerCall !== null)
        ? Math.min(...rs.filter((r) => r.cpuMsPerCall !== null).map((r) => r.cpuMsPerCall))
        : null,
      rounds: rs.map((r) => ({
        reqPerSec: r.reqPerSec,
        latencyMs: r.latencyMs,
        cpuMsPerCall: r.cpuMsPerCall,
        unexpected: r.unexpected,
      })),
    };
  });
}
