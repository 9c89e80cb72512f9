import { describe, expect, it } from "vitest";
import { db } from "@/lib/infra/db";
import { call, newWorkspace, uniqueEmail, useTestDatabase } from "../helpers/api";

// Get Email Verification Status (public), from the reference examples.

useTestDatabase();

describe("Get Email Verification Status", () => {
  it("is not verified until a console login link sent to the owner's address has been used", async () => {
    const w = await newWorkspace();
    const before = await call("/v2/workspace/email/status", { ownerEmail: w.email }, { ip: "192.0.2.10" });
    expect(before.body).toEqual({
      result: { status: "success", message: "Email not yet verified", data: { verified: false } },
    });
    // What next-auth's email callback writes when the link is used (the console's own sign-in).
    await db().user.create({ data: { email: w.email, emailVerified: new Date() } });
    const after = await call("/v2/workspace/email/status", { ownerEmail: w.email.toUpperCase() }, { ip: "192.0.2.10" });
    expect(after.body).toEqual({
      result: { status: "success", message: "Email verified and workspace reactivated", data: { verified: true } },
    });
  });

  it("an address with no workspace is NOT_FOUND 'User not found'", async () => {
    const res = await call("/v2/workspace/email/status", { ownerEmail: uniqueEmail() }, { ip: "192.0.2.11" });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: { status: "NOT_FOUND", message: "User not found" } });
  });

  it("is rate limited per client address", async () => {
    const ip = "192.0.2.12";
    let last;
    for (let i = 0; i < 11; i++) last = await call("/v2/workspace/email/status", { ownerEmail: uniqueEmail() }, { ip });
    expect(last?.status).toBe(429);
    expect(last?.body).toEqual({
      error: { status: "RESOURCE_EXHAUSTED", message: "Rate limit exceeded for this endpoint. Try again later." },
    });
  });
});
