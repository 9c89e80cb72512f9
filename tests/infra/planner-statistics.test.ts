import { describe, expect, it } from "vitest";
import { db } from "@/lib/infra/db";
import { keepPlannerStatistics } from "@/lib/infra/planner-statistics";
import { call, newWorkspace, useTestDatabase } from "../helpers/api";
import { waitFor } from "../helpers/wait";

useTestDatabase();

const documentRowEstimate = async () =>
  Number(
    (await db().$queryRaw<{ reltuples: number }[]>`SELECT reltuples FROM pg_class WHERE relname = 'Document'`)[0]
      .reltuples,
  );

describe("planner statistics (embedded mode has no autovacuum)", () => {
  it("ANALYZEs a table changed by more than 50 rows + 10 %, so the planner knows its size", async () => {
    const w = await newWorkspace();
    const documents = Array.from({ length: 100 }, (_, i) => ({ documentId: `d${i}` }));
    const added = await call(
      "/v2/organizations/documents/add",
      { organizationId: "org", createOrganization: true, documents },
      { headers: w.key },
    );
    expect(added.status).toBe(200);
    const stop = keepPlannerStatistics(200);
    try {
      await waitFor(async () => (await documentRowEstimate()) >= 100);
      expect(await documentRowEstimate()).toBe(100);
    } finally {
      stop();
    }
  });
});
