import { randomBytes } from "node:crypto";
import { PrismaAdapter } from "@next-auth/prisma-adapter";
import { describe, expect, it } from "vitest";
import { withHashedSessions } from "@/lib/auth/hashed-sessions";
import { db } from "@/lib/infra/db";
import { uniqueEmail, useTestDatabase } from "../helpers/api";

// Finding 1: console session tokens were stored in clear, so reading the database hijacked sessions.

useTestDatabase();

describe("console sessions", () => {
  it("are stored as keyed hashes: the row never holds the cookie value, and the cookie still signs in", async () => {
    const adapter = withHashedSessions(PrismaAdapter(db()));
    const user = await db().user.create({ data: { email: uniqueEmail("session") } });
    const cookie = randomBytes(32).toString("hex");
    const expires = new Date(Date.now() + 3600_000);

    const created = await adapter.createSession!({ sessionToken: cookie, userId: user.id, expires });
    expect(created.sessionToken).toBe(cookie);
    const rows = await db().session.findMany({ where: { userId: user.id } });
    expect(rows).toHaveLength(1);
    expect(rows[0].sessionToken).not.toContain(cookie);
    expect(JSON.stringify(rows)).not.toContain(cookie);

    const found = await adapter.getSessionAndUser!(cookie);
    expect(found?.user.email).toBe(user.email);
    expect(found?.session.sessionToken).toBe(cookie);
    // What the database holds is no cookie.
    expect(await adapter.getSessionAndUser!(rows[0].sessionToken)).toBeNull();

    const later = new Date(Date.now() + 7200_000);
    expect((await adapter.updateSession!({ sessionToken: cookie, expires: later }))?.sessionToken).toBe(cookie);
    expect((await db().session.findFirstOrThrow({ where: { userId: user.id } })).expires).toEqual(later);

    await adapter.deleteSession!(cookie);
    expect(await db().session.count({ where: { userId: user.id } })).toBe(0);
    expect(await adapter.getSessionAndUser!(cookie)).toBeNull();
  });
});
