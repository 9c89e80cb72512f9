import { db } from "./db";
import { errorFields, log } from "./log";

// Embedded PGlite runs PostgreSQL without its background workers, so autovacuum never collects planner
// statistics: every table looks like one row, and the planner picks plans that are fine for one row and slow
// for thousands (Get Documents sorted a whole organization through a top-N heapsort instead of walking its
// (createdAt, id) index). An embedded server applies autovacuum's analyze rule itself: every interval, each
// table changed by more than 50 rows + 10 % since its last ANALYZE is analysed again.

const CHECK_INTERVAL_MS = 30_000;

/** Checks now and every `everyMs`; returns the stop. Failures are logged, never thrown. */
export function keepPlannerStatistics(everyMs = CHECK_INTERVAL_MS): () => void {
  const analyze = () =>
    db().$executeRaw`DO $$
        DECLARE t record;
        BEGIN
          FOR t IN SELECT schemaname, relname FROM pg_stat_user_tables
                   WHERE n_mod_since_analyze > 50 + 0.1 * n_live_tup LOOP
            EXECUTE format('ANALYZE %I.%I', t.schemaname, t.relname);
          END LOOP;
        END $$`
      .then(() => undefined)
      .catch((e: unknown) => log.warn("ANALYZE failed", errorFields(e)));
  void analyze();
  const timer = setInterval(() => void analyze(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
