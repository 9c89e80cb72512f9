// Resident memory of a server process (/proc/<pid>/status VmRSS): one reading, or the peak while a load runs.
import { readdirSync, readFileSync } from "node:fs";

export function rssMb(pid) {
  try {
    const m = readFileSync(`/proc/${pid}/status`, "utf8").match(/^VmRSS:\s+(\d+) kB/m);
    return m ? Number(m[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** Samples every `everyMs` until the returned stop() is called; stop() gives the peak in MB. */
export function sampleRss(pid, everyMs = 250) {
  let peak = rssMb(pid) ?? 0;
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMb(pid) ?? 0);
  }, everyMs);
  return () => {
    clearInterval(timer);
    return Math.max(peak, rssMb(pid) ?? 0);
  };
}

/** The process and every descendant (the embedded engine's PostgreSQL runs under weft's watchdog shell). */
function processTree(pid) {
  const all = [pid];
  for (let i = 0; i < all.length; i++) {
    try {
      for (const task of readdirSync(`/proc/${all[i]}/task`)) {
        const kids = readFileSync(`/proc/${all[i]}/task/${task}/children`, "utf8").trim();
        if (kids) all.push(...kids.split(/\s+/).map(Number));
      }
    } catch {
      /* gone meanwhile */
    }
  }
  return all;
}

/**
 * Proportional set size of the process and all its descendants, in MB: shared pages (PostgreSQL's shared
 * buffers, libraries) count once across the processes that map them, where RSS would count them in each.
 */
export function pssTreeMb(pid) {
  let kb = 0;
  const pids = processTree(pid);
  for (const p of pids) {
    try {
      const m = readFileSync(`/proc/${p}/smaps_rollup`, "utf8").match(/^Pss:\s+(\d+) kB/m);
      if (m) kb += Number(m[1]);
    } catch {
      /* gone meanwhile */
    }
  }
  return { mb: kb / 1024, processes: pids.length };
}
