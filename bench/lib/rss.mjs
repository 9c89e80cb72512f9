// Resident memory of a server process (/proc/<pid>/status VmRSS): one reading, or the peak while a load runs.
import { readFileSync } from "node:fs";

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
