import type pg from "pg";
import type { Column } from "./format";
import { ident } from "./connection";

// What a dump copies, read from the PostgreSQL catalog of the connection's current schema: every ordinary table
// but Prisma's migration ledger (the target gets it from weft's own migrations), its columns, and the order in
// which tables can be filled without breaking a foreign key.

export const MIGRATIONS_TABLE = "_prisma_migrations";

/**
 * Tables whose rows a dump leaves out: the 24 h Idempotency-Key replay cache (its replies may carry credentials,
 * sealed under the secret key; a restored install simply runs a retry again). The table itself is still
 * recorded, empty, so a restore checks and fills every table alike.
 */
export const UNCOPIED_TABLES = new Set(["IdempotencyRecord"]);

/** tableChecksum of an empty table: md5 of the empty string. */
export const EMPTY_TABLE_CHECKSUM = "d41d8cd98f00b204e9800998ecf8427e";

export interface TableInfo {
  name: string;
  columns: Column[];
}

/** The migrations applied to this database, in order (the schema version a backup records and a restore needs). */
export async function appliedMigrations(client: pg.Client): Promise<string[]> {
  const exists = await client.query<{ found: string | null }>(`SELECT to_regclass($1) AS found`, [MIGRATIONS_TABLE]);
  if (!exists.rows[0]?.found) return [];
  const r = await client.query<{ migration_name: string }>(
    `SELECT migration_name FROM ${ident(MIGRATIONS_TABLE)}
      WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name`,
  );
  return r.rows.map((row) => row.migration_name);
}

/** The tables to copy, parents before children (foreign keys), then by name. */
export async function listTables(client: pg.Client): Promise<TableInfo[]> {
  const cols = await client.query<{ table: string; column: string; type: string }>(
    `SELECT c.relname AS table, a.attname AS column, format_type(a.atttypid, a.atttypmod) AS type
       FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_attribute a ON a.attrelid = c.oid
      WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') AND c.relname <> $1
        AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
      ORDER BY c.relname, a.attnum`,
    [MIGRATIONS_TABLE],
  );
  const byName = new Map<string, Column[]>();
  for (const row of cols.rows) {
    const list = byName.get(row.table) ?? [];
    list.push({ name: row.column, type: row.type });
    byName.set(row.table, list);
  }
  const fks = await client.query<{ child: string; parent: string }>(
    `SELECT DISTINCT child.relname AS child, parent.relname AS parent
       FROM pg_constraint k
       JOIN pg_class child ON child.oid = k.conrelid
       JOIN pg_class parent ON parent.oid = k.confrelid
       JOIN pg_namespace n ON n.oid = child.relnamespace
      WHERE k.contype = 'f' AND n.nspname = current_schema() AND child.oid <> parent.oid`,
  );
  return fillOrder([...byName.keys()].sort(), fks.rows).map((name) => ({ name, columns: byName.get(name)! }));
}

/** Topological order (Kahn), alphabetical among tables that are free at the same time. */
export function fillOrder(tables: string[], edges: { child: string; parent: string }[]): string[] {
  const known = new Set(tables);
  const parents = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const { child, parent } of edges) if (known.has(child) && known.has(parent)) parents.get(child)!.add(parent);
  const order: string[] = [];
  const placed = new Set<string>();
  while (order.length < tables.length) {
    const free = tables.filter((t) => !placed.has(t) && [...parents.get(t)!].every((p) => placed.has(p)));
    if (free.length === 0)
      throw new Error(`foreign keys form a cycle among ${tables.filter((t) => !placed.has(t)).join(", ")}`);
    for (const t of free) {
      order.push(t);
      placed.add(t);
    }
  }
  return order;
}

/**
 * Row count and a checksum of a table's content: md5 over the sorted md5s of each row's text (in the given
 * column order), so it does not depend on physical row order and never builds one huge string.
 */
export async function tableChecksum(
  client: pg.Client,
  table: TableInfo,
): Promise<{ rowCount: number; checksum: string }> {
  const row = `ROW(${table.columns.map((c) => ident(c.name)).join(", ")})::text`;
  const r = await client.query<{ n: string; sum: string }>(
    `SELECT count(*) AS n, md5(coalesce(string_agg(h, '' ORDER BY h COLLATE "C"), '')) AS sum
       FROM (SELECT md5(${row}) AS h FROM ${ident(table.name)}) rows`,
  );
  return { rowCount: Number(r.rows[0].n), checksum: r.rows[0].sum };
}

/** The sequences of the current schema with their position (what `nextval` hands out next). */
export async function readSequences(
  client: pg.Client,
): Promise<{ name: string; lastValue: string; isCalled: boolean }[]> {
  const names = await client.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind = 'S' AND n.nspname = current_schema() ORDER BY c.relname`,
  );
  const values = [];
  for (const { name } of names.rows) {
    const r = await client.query<{ last_value: string; is_called: string }>(
      `SELECT last_value, is_called FROM ${ident(name)}`,
    );
    values.push({ name, lastValue: r.rows[0].last_value, isCalled: r.rows[0].is_called === "t" });
  }
  return values;
}
