import { describe, expect, it } from "vitest";
import { Prisma } from "@/lib/generated/prisma/client";
import { db, preparedRead, transaction } from "@/lib/infra/db";
import { useTestDatabase } from "../helpers/api";

// The hot reads' statements run on the pool as named prepared statements (preparedRead), outside Prisma's
// raw-query path: they must hand their store the rows $queryRaw would, whatever the process's time zone.

useTestDatabase();

const probe = (at: Date, label: string) => Prisma.sql`
  SELECT ${label}::text AS "label", ${at}::timestamp(3) AS "at", true AS "flag", '\\x00ff10'::bytea AS "bytes",
         ARRAY['\\x01'::bytea, '\\x'::bytea] AS "byteList", ARRAY['a', 'b"c'] AS "names",
         json_build_array('k', 1, null) AS "json", NULL::text AS "nothing"`;

describe("preparedRead", () => {
  it("returns what $queryRaw returns, inside and outside a transaction, in any time zone", async () => {
    const saved = process.env.TZ;
    try {
      for (const tz of ["UTC", "America/Los_Angeles", "Asia/Kolkata"]) {
        process.env.TZ = tz;
        const at = new Date("2026-03-08T09:30:15.123Z");
        const viaPrisma = await db().$queryRaw`${probe(at, tz)}`;
        // Twice on the pool: the second call reuses the named statement.
        for (let i = 0; i < 2; i++) {
          const rows = await preparedRead<Record<string, unknown>>(db(), "test_probe", probe(at, tz));
          expect(rows).toEqual(viaPrisma);
          expect((rows[0].at as Date).toISOString()).toBe(at.toISOString());
          expect(Buffer.from(rows[0].bytes as Uint8Array).toString("hex")).toBe("00ff10");
        }
        const inTx = await transaction((tx) => preparedRead(tx, "test_probe", probe(at, tz)));
        expect(inTx).toEqual(viaPrisma);
      }
    } finally {
      process.env.TZ = saved;
    }
  });
});
