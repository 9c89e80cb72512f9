import { afterAll, describe, expect, it } from "vitest";
import { canRun, freshDatabase, newTenant, post, startServer, stopAllServers } from "./support";

// Two server processes on one PostgreSQL: a token reset on one is refused by the other within 100 ms, although
// the other remembers verified credentials for a minute (the notify bus tells it to forget them).

afterAll(() => stopAllServers());

describe.runIf(canRun)("credential changes across instances", () => {
  it("refuse a reset auth token on every instance within 100 ms", async () => {
    const databaseUrl = await freshDatabase();
    const env = { WEFT_AUTH_CACHE_MS: "60000" };
    const [a, b] = await Promise.all([startServer(databaseUrl, env), startServer(databaseUrl, env)]);
    const tenant = await newTenant(a.base);
    const getOrgs = (headers: Record<string, string>) => post(b.base, "/v2/organizations/get", {}, headers);
    // B verifies the token and remembers it.
    for (let i = 0; i < 3; i++) expect((await getOrgs(tenant.keyHeaders)).status).toBe(200);

    const reset = await post(a.base, "/v2/workspace/authtoken/reset", { apiKey: tenant.apiKey }, tenant.wsHeaders);
    expect(reset.status).toBe(200);
    const resetAt = Date.now();
    let refusedAfter: number | undefined;
    while (Date.now() - resetAt < 5_000) {
      const res = await getOrgs(tenant.keyHeaders);
      if (res.status === 403) {
        refusedAfter = Date.now() - resetAt;
        expect(res.body.error.status).toBe("PERMISSION_DENIED");
        break;
      }
      expect(res.status).toBe(200);
    }
    expect(refusedAfter).toBeDefined();
    expect(refusedAfter!).toBeLessThanOrEqual(100);

    const fresh = { ...tenant.keyHeaders, "x-velt-auth-token": reset.body.result.data.newAuthToken.token };
    expect((await getOrgs(fresh)).status).toBe(200);
  });

  it("refuse the old workspace and key tokens on every instance within 100 ms of a workspace rotation", async () => {
    const databaseUrl = await freshDatabase();
    const env = { WEFT_AUTH_CACHE_MS: "60000" };
    const [a, b] = await Promise.all([startServer(databaseUrl, env), startServer(databaseUrl, env)]);
    const tenant = await newTenant(a.base);
    const onB = {
      key: () => post(b.base, "/v2/organizations/get", {}, tenant.keyHeaders),
      workspace: () => post(b.base, "/v2/workspace/apikeys/get", {}, tenant.wsHeaders),
    };
    for (let i = 0; i < 3; i++) {
      expect((await onB.key()).status).toBe(200);
      expect((await onB.workspace()).status).toBe(200);
    }

    const rotated = await post(a.base, "/v2/workspace/authtokens/rotate", {}, tenant.wsHeaders);
    expect(rotated.status).toBe(200);
    const rotatedAt = Date.now();
    const refused = new Map<string, number>();
    while (refused.size < 2 && Date.now() - rotatedAt < 5_000) {
      for (const [name, send] of Object.entries(onB)) {
        if (refused.has(name)) continue;
        const res = await send();
        if (res.status === 403) refused.set(name, Date.now() - rotatedAt);
        else expect(res.status).toBe(200);
      }
    }
    expect([...refused.keys()].sort()).toEqual(["key", "workspace"]);
    for (const after of refused.values()) expect(after).toBeLessThanOrEqual(100);
  });
});
