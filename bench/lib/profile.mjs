// Reading the server's `node --cpu-prof` files: self time per function (function name + script), counted only
// over the samples taken while the load ran, so start-up and seeding do not show up in the top frames.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** The .cpuprofile files in `dir`, main thread first (`CPU.<date>.<time>.<pid>.<threadId>.<seq>.cpuprofile`). */
export function profileFiles(dir) {
  const files = readdirSync(dir).filter((f) => f.endsWith(".cpuprofile"));
  const thread = (f) => Number(f.split(".").at(-3));
  return files.sort((a, b) => thread(a) - thread(b)).map((f) => ({ file: path.join(dir, f), threadId: thread(f) }));
}

/** Where a script lives, short: a package name, `node:` internals, weft's bundle, or the path below `root`. */
export function scriptOf(url, root) {
  if (!url) return "(native)";
  if (url.startsWith("node:")) return "node:internal";
  const file = url.replace(/^file:\/\//, "");
  const pkg = file
    .match(/node_modules\/((?:@[^/]+\/)?[^/]+)/g)
    ?.pop()
    ?.slice("node_modules/".length);
  if (pkg) return pkg;
  if (file.includes("/.next/")) return `.next/${file.split("/.next/")[1]}`;
  return file.startsWith(root) ? file.slice(root.length + 1) : file;
}

/**
 * Self time per function+script over the samples whose wall-clock time falls in [fromMs, toMs]. The profile's
 * clock starts when the process started profiling, which `spawnedAtMs` (when the bench spawned it) stands in
 * for: tens of milliseconds off, against a load window of seconds that starts after start-up and warm-up.
 */
export function selfTimes(profile, { spawnedAtMs, fromMs, toMs, root }) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  let t = profile.startTime;
  let totalUs = 0;
  const { samples, timeDeltas } = profile;
  for (let i = 0; i < samples.length; i++) {
    t += timeDeltas[i];
    const wall = spawnedAtMs + (t - profile.startTime) / 1000;
    if (wall < fromMs || wall > toMs) continue;
    const dt = timeDeltas[i + 1] ?? 0;
    const { functionName, url } = byId.get(samples[i]).callFrame;
    const key = `${functionName || "(anonymous)"}\u0000${scriptOf(url, root)}`;
    self.set(key, (self.get(key) ?? 0) + dt);
    totalUs += dt;
  }
  const rows = [...self.entries()].map(([key, us]) => {
    const [fn, script] = key.split("\u0000");
    return { function: fn, script, ms: us / 1000, share: totalUs ? us / totalUs : 0 };
  });
  rows.sort((a, b) => b.ms - a.ms);
  return { totalMs: totalUs / 1000, frames: rows };
}

/** Self time per script (package), the same window: where the CPU went at a coarser grain. */
export function byScript(frames) {
  const sums = new Map();
  for (const f of frames) sums.set(f.script, (sums.get(f.script) ?? 0) + f.ms);
  const total = frames.reduce((s, f) => s + f.ms, 0);
  return [...sums.entries()]
    .map(([script, ms]) => ({ script, ms, share: total ? ms / total : 0 }))
    .sort((a, b) => b.ms - a.ms);
}

export function readProfile(file) {
  return JSON.parse(readFileSync(file, "utf8"));
}
