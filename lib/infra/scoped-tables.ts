import pg from "pg";
import { Prisma } from "@/lib/generated/prisma/client";
import { fillOrder } from "./backup/catalog";
import type { Reader, Tx } from "./db";

// Every table that holds rows of one tenant scope (an apiKeyId column and a scope column such as organizationId),
// read from the PostgreSQL catalog so that a table added later is covered without being listed anywhere; and
// chunked deletes of one scope's rows. Table and column names come from the catalog, quoted as identifiers.

const ident = (name: string) => Prisma.raw(pg.escapeIdentifier(name));

/** The tables with an `apiKeyId` and a `column` column, children before parents (foreign keys). */
export async function scopedTables(db: Reader, column: string): Promise<string[]> {
  const tables = await db.$queryRaw<{ table: string }[]>`
    SELECT c.relname AS "table"
    FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p')
      AND EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'apiKeyId' AND NOT a.attisdropped)
      AND EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = ${column} AND NOT a.attisdropped)
    ORDER BY c.relname`;
  const edges = await db.$queryRaw<{ child: string; parent: string }[]>`
    SELECT DISTINCT child.relname AS "child", parent.relname AS "parent"
    FROM pg_constraint k
    JOIN pg_class child ON child.oid = k.conrelid
    JOIN pg_class parent ON parent.oid = k.confrelid
    JOIN pg_namespace n ON n.oid = child.relnamespace
    WHERE k.contype = 'f' AND n.nspname = current_schema() AND child.oid <> parent.oid`;
  return fillOrder(
    tables.map((t) => t.table),
    edges,
  ).reverse();
}

/** How many rows of `table` belong to the scope. */
export async function countScopedRows(db: Reader, table: string, column: string, apiKeyId: string, value: string) {
  const [{ n }] = await db.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS "n" FROM ${ident(table)} WHERE "apiKeyId" = ${apiKeyId} AND ${ident(column)} = ${value}`;
  return n;
}

/** Deletes up to `limit` rows of `table` that belong to the scope; returns how many it deleted. */
export function deleteScopedRows(
  tx: Tx,
  table: string,
  column: string,
  apiKeyId: string,
  value: string,
  limit: number,
): Promise<number> {
  return tx.$executeRaw`
    DELETE FROM ${ident(table)} WHERE ctid = ANY(ARRAY(
      SELECT ctid FROM ${ident(table)} WHERE "apiKeyId" = ${apiKeyId} AND ${ident(column)} = ${value} LIMIT ${limit}
    ))`;
}
