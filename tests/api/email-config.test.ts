import { describe, expect, it } from "vitest";
import { db } from "@/lib/infra/db";
import { asKey, call, newWorkspace, useTestDatabase } from "../helpers/api";

useTestDatabase();

const SG_KEY = "SG.test-key-0123456789abcdefWXYZ";
const DEFAULT_TRIGGERS = {
  "comment_annotation.add": true,
  "comment.add": true,
  "comment_annotation.status_change": true,
  "comment_annotation.assign": true,
  "comment_annotation.priority_change": true,
  "huddle.create": true,
  "huddle.join": true,
};

describe("email config", () => {
  it("shows the never-configured defaults", async () => {
    const api = asKey(await newWorkspace());
    const got = await api("/v2/workspace/emailconfig/get", {});
    expect(got.status).toBe(200);
    expect(got.body.result).toEqual({
      status: "success",
      message: "Email configuration retrieved successfully.",
      data: {
        useEmailService: false,
        emailServiceConfig: {
          type: "default",
          apiKey: "",
          fromEmail: "",
          fromCompany: "",
          commentTemplateId: "",
          tagTemplateId: "",
        },
      },
    });
  });

  it("seeds type custom and the default triggers on first enable, merging what was sent over them", async () => {
    const api = asKey(await newWorkspace());
    const res = await api("/v2/workspace/emailconfig/update", {
      useEmailService: true,
      emailServiceConfig: { fromEmail: "noreply@example.com", triggers: { "comment.add": false } },
    });
    expect(res.body.result).toEqual({
      status: "success",
      message: "Email configuration updated successfully.",
      data: {
        useEmailService: true,
        emailServiceConfig: {
          type: "custom",
          apiKey: "",
          fromEmail: "noreply@example.com",
          fromCompany: "",
          commentTemplateId: "",
          tagTemplateId: "",
          triggers: { ...DEFAULT_TRIGGERS, "comment.add": false },
        },
      },
    });
    expect((await api("/v2/workspace/emailconfig/get", {})).body.result.data).toEqual(res.body.result.data);
  });

  it("seeds on type custom alone, keeping fields stored at API key creation", async () => {
    const w = await newWorkspace();
    const created = await call(
      "/v2/workspace/apikey/create",
      {
        ownerEmail: w.email,
        type: "testing",
        createAuthToken: true,
        emailServiceConfig: { fromCompany: "Acme", commentTemplateId: "d-comment" },
      },
      { headers: w.ws },
    );
    const apiKey = created.body.result.data.apiKey;
    const tokens = await call("/v2/workspace/authtokens/get", { apiKey }, { headers: w.ws });
    const api = asKey({
      key: { "x-velt-api-key": apiKey, "x-velt-auth-token": tokens.body.result.data.authTokens[0].token },
    });
    const res = await api("/v2/workspace/emailconfig/update", { emailServiceConfig: { type: "custom" } });
    expect(res.body.result.data).toEqual({
      useEmailService: true,
      emailServiceConfig: {
        type: "custom",
        apiKey: "",
        fromEmail: "",
        fromCompany: "Acme",
        commentTemplateId: "d-comment",
        tagTemplateId: "",
        triggers: DEFAULT_TRIGGERS,
      },
    });
  });

  it("keeps the SendGrid key encrypted, shows it masked, and keeps unsent fields", async () => {
    const w = await newWorkspace();
    const api = asKey(w);
    const res = await api("/v2/workspace/emailconfig/update", {
      useEmailService: true,
      emailServiceConfig: {
        type: "sendgrid",
        apiKey: SG_KEY,
        fromEmail: "noreply@example.com",
        fromCompany: "Example Corp",
      },
    });
    expect(res.body.result.data.emailServiceConfig).toMatchObject({
      type: "sendgrid",
      apiKey: "****WXYZ",
      fromEmail: "noreply@example.com",
      fromCompany: "Example Corp",
    });
    expect(JSON.stringify(res.body)).not.toContain("0123456789");
    const stored = await db().apiKey.findUnique({ where: { id: w.apiKey } });
    expect(JSON.stringify(stored?.serviceConfig)).not.toContain("0123456789");

    const partial = await api("/v2/workspace/emailconfig/update", { emailServiceConfig: { tagTemplateId: "d-tag" } });
    expect(partial.body.result.data).toEqual({
      useEmailService: true,
      emailServiceConfig: {
        type: "sendgrid",
        apiKey: "****WXYZ",
        fromEmail: "noreply@example.com",
        fromCompany: "Example Corp",
        commentTemplateId: "",
        tagTemplateId: "d-tag",
        triggers: DEFAULT_TRIGGERS,
      },
    });
    const off = await api("/v2/workspace/emailconfig/update", { useEmailService: false });
    expect(off.body.result.data.useEmailService).toBe(false);
    expect(off.body.result.data.emailServiceConfig.apiKey).toBe("****WXYZ");
  });

  it("refuses an invalid configuration and writes nothing", async () => {
    const api = asKey(await newWorkspace());
    const bad = [
      { useEmailService: true, emailServiceConfig: { type: "sendgrid" } },
      { emailServiceConfig: { fromEmail: "not an address" } },
      { emailServiceConfig: { triggers: { "no dots here": true } } },
      {},
    ];
    for (const data of bad) {
      const res = await api("/v2/workspace/emailconfig/update", data);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({
        status: "INVALID_ARGUMENT",
        message: "Invalid email service configuration.",
      });
      expect(typeof res.body.error.details.reason).toBe("string");
    }
    expect((await api("/v2/workspace/emailconfig/get", {})).body.result.data.useEmailService).toBe(false);
    // Schema refusals answer the spec's exact message too; the field is named in details only.
    const wrongType = await api("/v2/workspace/emailconfig/update", { useEmailService: "yes" });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.error).toEqual({
      status: "INVALID_ARGUMENT",
      message: "Invalid email service configuration.",
      details: { reason: "useEmailService must be a boolean." },
    });
    const unknownField = await api("/v2/workspace/emailconfig/update", { emailServiceConfig: { kind: "x" } });
    expect(unknownField.body.error.message).toBe("Invalid email service configuration.");
    expect(unknownField.body.error.details.reason).toContain("kind");
  });
});
