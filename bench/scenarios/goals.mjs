// The goal table of issue 30 ("one engine; every hot path measured against a raw server doing the same work"),
// from one run's results of both modes: each row met or missed. A row whose inputs this run did not measure is
// left out.

const find = (mode, id) => mode?.requests?.find((r) => r.id === id);
const READS = [
  ["get-workspace", "Get Workspace"],
  ["get-users", "Get Users (page of 100)"],
  ["get-documents-1", "Get Documents (page of 1,000)"],
  ["get-crdt-data", "Get CRDT Data"],
];

/** A row: `values` per mode (null: not measured), met when every measured value passes `ok`. */
function row(name, goal, values, ok) {
  const measured = Object.entries(values).filter(([, v]) => v !== null && v !== undefined);
  if (measured.length === 0) return null;
  const missed = measured.filter(([, v]) => !ok(v)).map(([m]) => m);
  return {
    name,
    postgresql: values.postgresql?.toFixed(2),
    embedded: values.embedded?.toFixed(2),
    goal,
    verdict: missed.length === 0 ? "met" : `missed (${missed.join(", ")})`,
  };
}

const perMode = (modes, fn) => ({ postgresql: fn(modes.postgresql), embedded: fn(modes.embedded) });

export function goalRows(modes) {
  const rows = [];
  const embeddedPss = modes.embedded?.rss?.idleAfterStartPssMb;
  rows.push(
    row("embedded server idle, PSS of all its processes (MB)", "<= 300", { embedded: embeddedPss }, (v) => v <= 300),
  );
  for (const [id, name] of READS) {
    const [pg, em] = [find(modes.postgresql, id), find(modes.embedded, id)];
    if (pg && em) {
      rows.push(
        row(
          `embedded ÷ PostgreSQL mode, ${name}`,
          ">= 0.85",
          { embedded: em.reqPerSec / pg.reqPerSec },
          (v) => v >= 0.85,
        ),
      );
    }
  }
  const ratioToRaw = (id) => perMode(modes, (m) => find(m, id)?.ratioToRaw);
  rows.push(row("Get Workspace ÷ raw", ">= 0.80", ratioToRaw("get-workspace"), (v) => v >= 0.8));
  rows.push(
    row(
      "Get Workspace p99 ÷ raw p99",
      "<= 1.5",
      perMode(modes, (m) => find(m, "get-workspace")?.p99RatioToRaw),
      (v) => v <= 1.5,
    ),
  );
  rows.push(row("Get Users (page of 100) ÷ raw", ">= 0.70", ratioToRaw("get-users"), (v) => v >= 0.7));
  rows.push(row("Get CRDT Data ÷ raw", ">= 0.70", ratioToRaw("get-crdt-data"), (v) => v >= 0.7));
  rows.push(row("Get Documents (page of 1,000) ÷ raw", ">= 0.60", ratioToRaw("get-documents-1"), (v) => v >= 0.6));
  const live = modes.postgresql?.live;
  if (live?.goals) {
    const g = live.goals;
    rows.push(
      row(
        "live updates/s, 20 writers x <= 8 unacked, ÷ plain Hocuspocus",
        ">= 0.25",
        { postgresql: g.throughputToPlain },
        (v) => v >= 0.25,
      ),
    );
    rows.push(
      row("same ÷ Hocuspocus + extension-database", ">= 1.0", { postgresql: g.throughputToDatabase }, (v) => v >= 1),
    );
    rows.push(
      row(
        "live fan-out p99 ÷ plain Hocuspocus (100 clients, one writer)",
        "<= 1.5",
        { postgresql: g.fanoutP99ToPlain },
        (v) => v <= 1.5,
      ),
    );
  }
  const fanout = modes.postgresql?.notificationFanout?.ratioToRaw;
  rows.push(row("notification fan-out ÷ raw INSERT", ">= 0.9", { postgresql: fanout }, (v) => v >= 0.9));
  const addUsers = modes.postgresql?.addUsers?.ratioToRaw;
  rows.push(row("Add Users ÷ raw INSERT", ">= 0.8", { postgresql: addUsers }, (v) => v >= 0.8));
  return rows.filter(Boolean);
}
