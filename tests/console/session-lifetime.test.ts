import { randomBytes } from "node:crypto";
import { PrismaAdapter } from "@next-auth/prisma-adapter";
import NextAuth, { getServerSession } from "next-auth";
import { afterEach, describe, expect, it } from "vitest";
import { withHashedSessions } from "@/lib/auth/hashed-sessions";
import { authOptions } from "@/lib/auth/options";
import { createLoginLink } from "@/lib/domain/login/login-link";
import { tokenHash } from "@/lib/infra/crypto";
import { db, transaction } from "@/lib/infra/db";
import { reloadEnvForTests } from "@/lib/infra/env";
import { uniqueEmail, useTestDatabase } from "../helpers/api";

// Console sessions last WEFT_CONSOLE_SESSION_TTL_S (7 days by default) from sign-in, however active: using the
// console does not extend them (next-auth's own default was 30 days, extended on every daily use). Through
// next-auth's handler, with weft's options.

useTestDatabase();

const DAY = 24 * 3600_000;
const SESSION_COOKIE = "next-auth.session-token";

afterEach(() => {
  delete process.env.WEFT_CONSOLE_SESSION_TTL_S;
  reloadEnvForTests();
});

/** What next-auth's (pages-style) handler writes to a response: the headers it sets. */
function response() {
  const headers: Record<string, string | string[]> = {};
  const res = {
    headers,
    getHeader: (name: string) => headers[name.toLowerCase()],
    setHeader: (name: string, value: string | string[]) => void (headers[name.toLowerCase()] = value),
    status: () => res,
    end: () => res,
    send: () => res,
    json: () => res,
  };
  return res;
}

/** Signs in through the emailed link, as a browser following it would; the new session's row. */
async function signIn(email: string) {
  const link = new URL(await transaction((tx) => createLoginLink(tx, email, "http://localhost:3000/")));
  const req = {
    method: "GET",
    query: { nextauth: ["callback", "email"], ...Object.fromEntries(link.searchParams) },
    cookies: {},
    headers: { host: "localhost:3000" },
  };
  const res = response();
  await NextAuth(req as never, res as never, authOptions());
  const cookies = [res.headers["set-cookie"] ?? []].flat();
  const cookie = cookies
    .find((c) => c.startsWith(`${SESSION_COOKIE}=`))
    ?.split(";")[0]
    .split("=")[1];
  expect(cookie, JSON.stringify(res.headers)).toBeTruthy();
  return db().session.findUniqueOrThrow({ where: { sessionToken: tokenHash(cookie!) } });
}

describe("console sessions", () => {
  it("last 7 days from sign-in by default, or WEFT_CONSOLE_SESSION_TTL_S", async () => {
    const session = await signIn(uniqueEmail("console"));
    expect(Math.abs(session.expires.getTime() - (Date.now() + 7 * DAY))).toBeLessThan(60_000);
    process.env.WEFT_CONSOLE_SESSION_TTL_S = "3600";
    reloadEnvForTests();
    const short = await signIn(uniqueEmail("console"));
    expect(Math.abs(short.expires.getTime() - (Date.now() + 3600_000))).toBeLessThan(60_000);
  });

  it("are not extended by using the console: the session ends when its lifetime does", async () => {
    const user = await db().user.create({ data: { email: uniqueEmail("console") } });
    const cookie = randomBytes(32).toString("hex");
    // Signed in almost 7 days ago: one hour left.
    const expires = new Date(Date.now() + 3600_000);
    await withHashedSessions(PrismaAdapter(db())).createSession!({ sessionToken: cookie, userId: user.id, expires });
    const req = { cookies: { [SESSION_COOKIE]: cookie }, headers: { host: "localhost:3000" } };
    const session = await getServerSession(req as never, response() as never, authOptions());
    expect(session?.user?.email).toBe(user.email);
    const row = await db().session.findUniqueOrThrow({ where: { sessionToken: tokenHash(cookie) } });
    expect(row.expires.getTime()).toBe(expires.getTime());
  });
});
