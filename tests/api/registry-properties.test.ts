import fc from "fast-check";
import { z } from "zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Endpoint } from "@/lib/api/define-endpoint";
import { endpoints } from "@/lib/api/registry";
import { db } from "@/lib/infra/db";
import { reloadEnvForTests } from "@/lib/infra/env";
import { call, newWorkspace, useTestDatabase } from "../helpers/api";
import { conforming } from "../helpers/schema-arbitrary";

// Property over every endpoint of the registry: whatever body of roughly the right shape arrives (generated
// from the endpoint's own zod input schema, with hostile values mixed in), the answer is an envelope, never a
// 5xx, and an answer that is not a success has written nothing.

useTestDatabase();

const RUNS = Number(process.env.WEFT_PROPERTY_RUNS ?? 12);
// Counters of refused requests are the point of rate limiting; everything else must stay untouched.
const WRITABLE_ON_FAILURE = new Set(["RateLimitCounter", "_prisma_migrations"]);
// The one 5xx a hosted endpoint documents as its answer: v2 Update Documents with a document that does not exist
// (partial failure, every item in details).
const DOCUMENTED_5XX: Record<string, string> = { "/v2/organizations/documents/update": "Error updating document(s)." };
const saved = { ...process.env };
let countsSql = "";

async function rowCounts(): Promise<Record<string, number>> {
  const [row] = await db().$queryRawUnsafe<Record<string, bigint>[]>(countsSql);
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)]));
}

beforeAll(async () => {
  // No request generated here may leave the machine: providers point at a closed local port.
  for (const name of ["WEFT_OPENAI_BASE_URL", "WEFT_ANTHROPIC_BASE_URL", "WEFT_GEMINI_BASE_URL"])
    process.env[name] = "http://127.0.0.1:9/v1";
  reloadEnvForTests();
  const tables = await db().$queryRaw<{ name: string }[]>`
    SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`;
  countsSql = `SELECT ${tables
    .filter((t) => !WRITABLE_ON_FAILURE.has(t.name))
    .map((t) => `(SELECT count(*) FROM "${t.name}") AS "${t.name}"`)
    .join(", ")}`;
});
afterAll(() => {
  process.env = { ...saved };
  reloadEnvForTests();
});

describe("every endpoint, generated bodies", () => {
  it.each((endpoints as unknown as Endpoint[]).map((e) => [e.path, e] as const))(
    "%s answers an envelope, never 5xx; a refusal writes nothing",
    async (_path, endpoint) => {
      const w = await newWorkspace();
      const headers = { ...w.ws, ...w.key };
      const schema = z.toJSONSchema(endpoint.input, { io: "input", unrepresentable: "any" }) as Record<string, unknown>;
      await fc.assert(
        fc.asyncProperty(conforming(schema), async (data) => {
          const before = await rowCounts();
          const res = await call(endpoint.path, data, { headers, ip: "192.0.2.77" });
          const documented = res.status === 500 && res.body.error?.message === DOCUMENTED_5XX[endpoint.path];
          if (!documented) expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
          if (res.status === 200) {
            expect(res.body).toEqual({ result: expect.any(Object) });
            return;
          }
          // Delete All User Data answers its result unwrapped, with its own status.
          if (endpoint.reply?.unwrapped && res.status === endpoint.reply.unwrapped.httpStatus) {
            expect(res.body).toMatchObject({ status: "success", message: endpoint.message });
            return;
          }
          // `details` is allowed beside the message (an endpoint whose spec fixes the message puts the reason there).
          const { details, ...error } = res.body.error ?? {};
          expect({ ...res.body, error }).toEqual({
            error: { status: expect.any(String), message: expect.any(String) },
          });
          if (details !== undefined) expect(details).toBeTypeOf("object");
          expect(res.body.error.message.length).toBeGreaterThan(0);
          expect(await rowCounts()).toEqual(before);
        }),
        { numRuns: RUNS },
      );
    },
  );
});
