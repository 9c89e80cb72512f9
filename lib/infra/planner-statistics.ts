import { db } from "./db";
import { errorFields, log } from "./log";

// Embedded PGlite runs PostgreSQL without its background workers, so autovacuum never collects planner
// statistics: every table looks like one row, and the planner picks plans that are fine for one row and slow
// for thousands (Get Documents sorted a whole organization through a top-N heapsort instead of walking its
// (createdAt, id) index). Start-up of an embedded server runs ANALYZE now and then every interval.

const STATISTICS_INTERVAL_MS = 5 * 60_000;

/** Runs ANALYZE now and every `everyMs`; returns the stop. Failures are logged, never thrown. */
export function keepPlannerStatistics(everyMs = STATISTICS_INTERVAL_MS): () => void {
  const analyze = () =>
    db().$executeRaw`ANALYZE`.then(() => undefined).catch((e: unknown) => log.warn("ANALYZE failed", errorFields(e)));
  void analyze();
  const timer = setInterval(() => void analyze(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
