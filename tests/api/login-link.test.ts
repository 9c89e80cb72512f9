import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { overLoginLinkLimit } from "@/lib/auth/sign-in-limits";
import { authSecret } from "@/lib/domain/login/login-link";
import { db } from "@/lib/infra/db";
import { call, uniqueEmail, useTestDatabase } from "../helpers/api";
import { useEnvOverrides } from "../helpers/env";
import { startFakeSendgrid } from "../helpers/fake-sendgrid";

useTestDatabase();

const setEnv = useEnvOverrides();

const send = (data: object, ip = "198.51.100.7") => call("/v2/workspace/email/send-login-link", data, { ip });

describe("Send Login Link", () => {
  it("mails a next-auth sign-in link to the dev outbox", async () => {
    const email = uniqueEmail();
    const res = await send({ email, continueUrl: "http://localhost:3000/" });
    expect(res.body).toEqual({ result: { status: "success", message: "Login link sent successfully", data: null } });
    const mail = await db().outboxMail.findFirstOrThrow({ where: { to: email } });
    expect(mail).toMatchObject({ transport: "outbox", status: "stored" });
    const link = new URL(mail.text.match(/https?:\/\/\S+/)![0]);
    expect(link.pathname).toBe("/api/auth/callback/email");
    expect(link.searchParams.get("callbackUrl")).toBe("http://localhost:3000/");
    expect(link.searchParams.get("email")).toBe(email);
    const token = link.searchParams.get("token")!;
    const stored = await db().verificationToken.findFirstOrThrow({ where: { identifier: email } });
    // next-auth v4 keeps sha256(token + secret), never the token itself.
    expect(stored.token).toBe(createHash("sha256").update(`${token}${authSecret()}`).digest("hex"));
    // Valid 15 minutes by default (WEFT_LOGIN_LINK_TTL_S), and the mail says so.
    expect(stored.expires.getTime()).toBeGreaterThan(Date.now() + 14 * 60 * 1000);
    expect(stored.expires.getTime()).toBeLessThanOrEqual(Date.now() + 15 * 60 * 1000);
    expect(mail.text).toContain("(valid for 15 minutes, once)");
  });

  it("keeps a link valid as long as WEFT_LOGIN_LINK_TTL_S says", async () => {
    setEnv({ WEFT_LOGIN_LINK_TTL_S: "3600" });
    const email = uniqueEmail();
    expect((await send({ email, continueUrl: "http://localhost:3000/" })).status).toBe(200);
    const stored = await db().verificationToken.findFirstOrThrow({ where: { identifier: email } });
    expect(stored.expires.getTime()).toBeGreaterThan(Date.now() + 59 * 60 * 1000);
    expect(stored.expires.getTime()).toBeLessThanOrEqual(Date.now() + 60 * 60 * 1000);
    const mail = await db().outboxMail.findFirstOrThrow({ where: { to: email } });
    expect(mail.text).toContain("(valid for 1 hour, once)");
  });

  it("allows continueUrl only on localhost or the console's public host", async () => {
    setEnv({ WEFT_PUBLIC_URL: "https://console.example.org" });
    expect((await send({ email: uniqueEmail(), continueUrl: "https://console.example.org/welcome" })).status).toBe(200);
    expect((await send({ email: uniqueEmail(), continueUrl: "http://localhost:5173/x" })).status).toBe(200);
    const evil = await send({ email: uniqueEmail(), continueUrl: "https://evil.example.com/" });
    expect(evil.status).toBe(400);
    expect(evil.body).toEqual({
      error: { status: "INVALID_ARGUMENT", message: "The continueUrl domain is not allowed." },
    });
    for (const continueUrl of ["not a url", "javascript:alert(1)"]) {
      expect((await send({ email: uniqueEmail(), continueUrl })).body).toEqual({
        error: { status: "INVALID_ARGUMENT", message: "Invalid url for continueUrl" },
      });
    }
  });

  it("rejects disposable domains and missing fields", async () => {
    expect((await send({ email: "x@mailinator.com", continueUrl: "http://localhost/" })).body).toEqual({
      error: { status: "INVALID_ARGUMENT", message: "This email domain is not supported." },
    });
    expect((await send({ continueUrl: "http://localhost/" })).body.error).toEqual({
      status: "INVALID_ARGUMENT",
      message: "email is required.",
    });
    expect((await send({ email: uniqueEmail() })).body.error).toEqual({
      status: "INVALID_ARGUMENT",
      message: "continueUrl is required.",
    });
  });

  it("rate-limits per IP with the limit from WEFT_RATE_LIMIT_LOGIN_LINK, in the database", async () => {
    setEnv({ WEFT_RATE_LIMIT_LOGIN_LINK: "2/3600" });
    const ip = "203.0.113.99";
    expect((await send({ email: uniqueEmail(), continueUrl: "http://localhost/" }, ip)).status).toBe(200);
    expect((await send({ email: uniqueEmail(), continueUrl: "http://localhost/" }, ip)).status).toBe(200);
    const third = await send({ email: uniqueEmail(), continueUrl: "http://localhost/" }, ip);
    expect(third.status).toBe(429);
    expect(third.body).toEqual({
      error: { status: "RESOURCE_EXHAUSTED", message: "Rate limit exceeded for this endpoint. Try again later." },
    });
    expect((await send({ email: uniqueEmail(), continueUrl: "http://localhost/" }, "203.0.113.100")).status).toBe(200);
    const counter = await db().rateLimitCounter.findFirstOrThrow({ where: { bucket: `login-link:${ip}` } });
    expect(counter.count).toBe(3);
  });

  it("takes the client IP from X-Forwarded-For only when WEFT_TRUST_PROXY=true", async () => {
    setEnv({ WEFT_RATE_LIMIT_LOGIN_LINK: "1/3600" });
    const viaProxy = (forwarded: string) =>
      call(
        "/v2/workspace/email/send-login-link",
        { email: uniqueEmail(), continueUrl: "http://localhost/" },
        { ip: "10.0.0.1", headers: { "x-forwarded-for": forwarded } },
      );
    expect((await viaProxy("192.0.2.50")).status).toBe(200);
    // Untrusted: the header is ignored, both calls count against the socket address.
    expect((await viaProxy("192.0.2.51")).status).toBe(429);
    setEnv({ WEFT_RATE_LIMIT_LOGIN_LINK: "1/3600", WEFT_TRUST_PROXY: "true" });
    expect((await viaProxy("192.0.2.52")).status).toBe(200);
    expect((await viaProxy("192.0.2.53")).status).toBe(200);
    expect((await viaProxy("192.0.2.53")).status).toBe(429);
  });
});

describe("Send Login Link per recipient", () => {
  it("mails one address at most WEFT_RATE_LIMIT_LOGIN_LINK_RECIPIENT times, from however many addresses", async () => {
    setEnv({ WEFT_RATE_LIMIT_LOGIN_LINK_RECIPIENT: "2/3600" });
    const victim = uniqueEmail("victim");
    const to = (email: string, ip: string) => send({ email, continueUrl: "http://localhost/" }, ip);
    expect((await to(victim, "198.51.100.31")).status).toBe(200);
    expect((await to(victim.toUpperCase(), "198.51.100.32")).status).toBe(200);
    const refused = await to(victim, "198.51.100.33");
    expect(refused.status).toBe(429);
    expect(refused.body.error).toEqual({
      status: "RESOURCE_EXHAUSTED",
      message: "Too many login links were sent to this address. Try again later.",
    });
    expect(await db().outboxMail.count({ where: { to: victim } })).toBe(2);
    expect(await db().verificationToken.count({ where: { identifier: victim } })).toBe(2);
    // Another address is not affected; the address is not stored in the counter's key.
    expect((await to(uniqueEmail("other"), "198.51.100.33")).status).toBe(200);
    expect(await db().rateLimitCounter.count({ where: { bucket: { contains: victim } } })).toBe(0);
  });

  it("counts the console's sign-in form against the same limit", async () => {
    setEnv({ WEFT_RATE_LIMIT_LOGIN_LINK_RECIPIENT: "1/3600" });
    const victim = uniqueEmail("victim");
    expect((await send({ email: victim, continueUrl: "http://localhost/" }, "198.51.100.34")).status).toBe(200);
    const form = new NextRequest("http://localhost/api/auth/signin/email", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-weft-client-ip": "198.51.100.35" },
      body: new URLSearchParams({ email: victim, csrfToken: "x", json: "true" }).toString(),
    });
    const res = (await overLoginLinkLimit(form))!;
    expect(res.status).toBe(429);
    expect(new URL((await res.json()).url).searchParams.get("error")).toBe("RecipientLimited");
    expect(await db().outboxMail.count({ where: { to: victim } })).toBe(1);
  });
});

describe("Send Login Link through SendGrid", () => {
  let sendgrid: Awaited<ReturnType<typeof startFakeSendgrid>>;
  beforeAll(async () => {
    sendgrid = await startFakeSendgrid();
  });
  afterAll(() => sendgrid.close());

  it("sends through SendGrid's v3 API with the instance key and records the outcome", async () => {
    setEnv({
      WEFT_SENDGRID_API_KEY: "SG.instance-key",
      WEFT_SENDGRID_API_URL: sendgrid.url,
      WEFT_MAIL_FROM: "weft@example.com",
    });
    const email = uniqueEmail();
    expect((await send({ email, continueUrl: "http://localhost:3000/" })).status).toBe(200);
    const got = sendgrid.received.at(-1)!;
    expect(got.headers.authorization).toBe("Bearer SG.instance-key");
    expect(got.body.personalizations[0].to[0].email).toBe(email);
    expect(got.body.from.email).toBe("weft@example.com");
    expect(got.body.content.find((c) => c.type === "text/plain")!.value).toContain(
      "/api/auth/callback/email?callbackUrl=",
    );
    const record = await db().outboxMail.findFirstOrThrow({ where: { to: email } });
    expect(record).toMatchObject({ transport: "sendgrid", status: "sent", text: "" });
  });

  it("answers UNAVAILABLE and records a failed send when SendGrid fails", async () => {
    setEnv({ WEFT_SENDGRID_API_KEY: "SG.instance-key", WEFT_SENDGRID_API_URL: sendgrid.url });
    sendgrid.failNextWith(500);
    const email = uniqueEmail();
    const res = await send({ email, continueUrl: "http://localhost:3000/" });
    sendgrid.failNextWith(202);
    expect(res.status).toBe(503);
    expect(res.body.error.status).toBe("UNAVAILABLE");
    expect(await db().outboxMail.findFirstOrThrow({ where: { to: email } })).toMatchObject({
      status: "failed",
      error: "SendGrid answered 500",
    });
  });
});

describe("Create Workspace rate limit", () => {
  it("applies WEFT_RATE_LIMIT_CREATE_WORKSPACE per IP", async () => {
    setEnv({ WEFT_RATE_LIMIT_CREATE_WORKSPACE: "1/60" });
    const ip = "203.0.113.200";
    expect((await call("/v2/workspace/create", { ownerEmail: uniqueEmail() }, { ip })).status).toBe(200);
    const second = await call("/v2/workspace/create", { ownerEmail: uniqueEmail() }, { ip });
    expect(second.body).toEqual({
      error: { status: "RESOURCE_EXHAUSTED", message: "Rate limit exceeded for this endpoint. Try again later." },
    });
  });
});
