// The goal table of issue 16 ("hot path at the framework floor"), from one run's results of both modes: each row
// met or missed. A row whose target was not measured in this run is left out.

const find = (mode, id) => mode?.requests?.find((r) => r.id === id);

const ROWS = [
  { name: "Get Workspace req/s ÷ floor", id: "get-workspace", value: (r) => r.ratioToFloor, goal: ">= 0.70", min: 0.7 },
  {
    name: "Get Workspace p99 ÷ floor p99",
    id: "get-workspace",
    value: (r) => r.p99RatioToFloor,
    goal: "<= 2.0",
    max: 2,
  },
  { name: "Get Users (page of 100) ÷ floor", id: "get-users", value: (r) => r.ratioToFloor, goal: ">= 0.50", min: 0.5 },
  { name: "Get CRDT Data ÷ floor", id: "get-crdt-data", value: (r) => r.ratioToFloor, goal: ">= 0.70", min: 0.7 },
  {
    name: "Get Documents (page of 1,000) ÷ floor",
    id: "get-documents-1",
    value: (r) => r.ratioToFloor,
    goal: ">= 0.25",
    min: 0.25,
  },
];

const meets = (row, v) => (row.min !== undefined ? v >= row.min : v <= row.max);

export function goalRows(modes) {
  const out = [];
  for (const row of ROWS) {
    const values = {};
    for (const mode of ["postgresql", "embedded"]) {
      const r = find(modes[mode], row.id);
      const v = r ? row.value(r) : null;
      if (v !== null && v !== undefined) values[mode] = v;
    }
    const measured = Object.entries(values);
    if (measured.length === 0) continue;
    const missed = measured.filter(([, v]) => !meets(row, v)).map(([m]) => m);
    out.push({
      name: row.name,
      postgresql: values.postgresql?.toFixed(2),
      embedded: values.embedded?.toFixed(2),
      goal: row.goal,
      verdict: missed.length === 0 ? "met" : `missed (${missed.join(", ")})`,
    });
  }
  const pg = find(modes.postgresql, "get-workspace");
  const em = find(modes.embedded, "get-workspace");
  if (pg && em) {
    const v = em.reqPerSec / pg.reqPerSec;
    out.push({
      name: "embedded Get Workspace ÷ PostgreSQL Get Workspace",
      postgresql: undefined,
      embedded: v.toFixed(2),
      goal: ">= 0.50",
      verdict: v >= 0.5 ? "met" : "missed",
    });
  }
  return out;
}
