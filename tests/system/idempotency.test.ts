import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { canRun, freshDatabase, newTenant, sql, startServer, stopAllServers } from "./support";

// Two server processes on one PostgreSQL: an Idempotency-Key holds across them (docs/idempotency.md).

afterAll(() => stopAllServers());

async function send(base: string, path: string, data: unknown, headers: Record<string, string>) {
  const res = await fetch(`${base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({ data }),
  });
  return { status: res.status, text: await res.text(), replayed: res.headers.get("idempotent-replayed") };
}

const orgs = (id: string) => ({ organizations: [{ organizationId: id, organizationName: id }] });

describe.runIf(canRun)("Idempotency-Key across instances", () => {
  it("replays on the other instance, refuses another body there, and runs concurrent duplicates once", async () => {
    const databaseUrl = await freshDatabase();
    const [a, b] = await Promise.all([startServer(databaseUrl), startServer(databaseUrl)]);
    const tenant = await newTenant(a.base);
    const key = `sys-${randomBytes(6).toString("hex")}`;
    const headers = { ...tenant.keyHeaders, "idempotency-key": key };

    const first = await send(a.base, "/v2/organizations/add", orgs("acme"), headers);
    expect([first.status, first.replayed]).toEqual([200, null]);
    const again = await send(b.base, "/v2/organizations/add", orgs("acme"), headers);
    expect(again).toEqual({ status: 200, text: first.text, replayed: "true" });
    const other = await send(b.base, "/v2/organizations/add", orgs("globex"), headers);
    expect(other.status).toBe(409);
    expect(JSON.parse(other.text).error.status).toBe("ALREADY_EXISTS");

    const raceHeaders = { ...tenant.keyHeaders, "idempotency-key": `${key}-race` };
    const replies = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        send(i % 2 ? b.base : a.base, "/v2/organizations/add", orgs("race"), raceHeaders),
      ),
    );
    const ran = replies.filter((r) => r.status === 200 && r.replayed === null);
    expect(ran).toHaveLength(1);
    for (const r of replies) {
      if (r.status === 200) expect(r.text).toBe(ran[0].text);
      else expect([r.status, JSON.parse(r.text).error.status]).toEqual([409, "ABORTED"]);
    }
    const rows = await sql<{ n: string }>(
      databaseUrl,
      `SELECT count(*) AS n FROM "Organization" WHERE "apiKeyId" = $1 AND "organizationId" = 'race'`,
      [tenant.apiKey],
    );
    expect(Number(rows[0].n)).toBe(1);
  });
});
