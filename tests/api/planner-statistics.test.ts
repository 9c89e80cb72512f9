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
  it("ANALYZEs at once, so the planner knows the tables' sizes", async () => {
    const w = await newWorkspace();
    const documents = Array.from({ length: 50 }, (_, i) => ({ documentId: `d${i}` }));
    const added = await call(
      "/v2/organizations/documents/add",
      { organizationId: "org", createOrganization: true, documents },
      { headers: w.key },
    );
    expect(added.status).toBe(200);
    const stop = keepPlannerStatistics(60_000);
    try {
      await waitFor(async () => (await documentRowEstimate()) >= 50);
      expect(await documentRowEstimate()).toBe(50);
    } finally {
      stop();
    }
  });
});
