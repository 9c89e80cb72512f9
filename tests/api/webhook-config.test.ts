import { describe, expect, it } from "vitest";
import { asKey, newWorkspace, useTestDatabase } from "../helpers/api";

useTestDatabase();

const NOT_CONFIGURED =
  'Advanced webhooks are not configured for this workspace. Enable them first via POST /v2/workspace/advancedwebhookconfig/update with { "isEnabled": true }.';
const DISABLED =
  'Advanced webhooks are disabled for this workspace. Enable them via POST /v2/workspace/advancedwebhookconfig/update with { "isEnabled": true }.';

describe("simple webhook config", () => {
  it("starts empty, seeds triggers on first enable and keeps unsent fields", async () => {
    const api = asKey(await newWorkspace());
    expect((await api("/v2/workspace/webhookconfig/get", {})).body.result).toEqual({
      status: "success",
      message: "Webhook configuration retrieved successfully.",
      data: {
        useWebhookService: false,
        webhookServiceConfig: { authToken: "", rawNotificationUrl: "", processedNotificationUrl: "" },
      },
    });
    const res = await api("/v2/workspace/webhookconfig/update", {
      useWebhookService: true,
      webhookServiceConfig: {
        authToken: "webhook_auth_token_here",
        rawNotificationUrl: "https://example.com/webhooks/raw",
      },
    });
    expect(res.body.result.message).toBe("Webhook configuration updated successfully.");
    const cfg = res.body.result.data;
    expect(cfg.useWebhookService).toBe(true);
    expect(cfg.webhookServiceConfig).toMatchObject({
      authToken: "webhook_auth_token_here",
      rawNotificationUrl: "https://example.com/webhooks/raw",
      processedNotificationUrl: "",
      enableDataProtection: false,
    });
    expect(cfg.webhookServiceConfig.triggers).toMatchObject({
      "comment.add": true,
      "comment_annotation.add": true,
      "comment_annotation.suggestion_accept": false,
      "comment_annotation.suggestion_reject": false,
    });
    const later = await api("/v2/workspace/webhookconfig/update", {
      webhookServiceConfig: { processedNotificationUrl: "https://example.com/webhooks/processed" },
    });
    expect(later.body.result.data.webhookServiceConfig).toMatchObject({
      authToken: "webhook_auth_token_here",
      rawNotificationUrl: "https://example.com/webhooks/raw",
      processedNotificationUrl: "https://example.com/webhooks/processed",
    });
    expect((await api("/v2/workspace/webhookconfig/get", {})).body.result.data).toEqual(later.body.result.data);
  });

  it("refuses an invalid configuration", async () => {
    const api = asKey(await newWorkspace());
    for (const data of [
      {},
      { webhookServiceConfig: { rawNotificationUrl: "ftp://example.com/x" } },
      { webhookServiceConfig: { encryptData: true } },
    ]) {
      const res = await api("/v2/workspace/webhookconfig/update", data);
      expect(res.body.error).toEqual({ status: "INVALID_ARGUMENT", message: "Invalid webhook service configuration." });
    }
  });
});

describe("advanced webhook config", () => {
  it("defaults to all false, requires enabling first, then updates partially", async () => {
    const api = asKey(await newWorkspace());
    const defaults = {
      isEnabled: false,
      encryptData: false,
      encodeData: false,
      publicKey: "",
      enableDataProtection: false,
    };
    expect((await api("/v2/workspace/advancedwebhookconfig/get", {})).body.result).toEqual({
      status: "success",
      message: "Advanced webhook configuration retrieved successfully.",
      data: defaults,
    });
    const first = await api("/v2/workspace/advancedwebhookconfig/update", { encodeData: true });
    expect(first.status).toBe(400);
    expect(first.body.error).toEqual({ status: "FAILED_PRECONDITION", message: NOT_CONFIGURED });
    const empty = await api("/v2/workspace/advancedwebhookconfig/update", {});
    expect(empty.body.error).toEqual({
      status: "INVALID_ARGUMENT",
      message:
        "At least one of isEnabled, encryptData, encodeData, publicKey or enableDataProtection must be provided.",
    });
    const on = await api("/v2/workspace/advancedwebhookconfig/update", {
      isEnabled: true,
      encryptData: false,
      encodeData: false,
    });
    expect(on.body.result).toEqual({
      status: "success",
      message: "Advanced webhook configuration updated successfully.",
      data: { ...defaults, isEnabled: true },
    });
    const partial = await api("/v2/workspace/advancedwebhookconfig/update", { enableDataProtection: true });
    expect(partial.body.result.data).toEqual({ ...defaults, isEnabled: true, enableDataProtection: true });
  });
});

describe("advanced webhook endpoints", () => {
  it("are refused before configuring and while disabled", async () => {
    const api = asKey(await newWorkspace());
    const before = await api("/v2/workspace/advancedwebhook/endpoints/get", { limit: 50 });
    expect(before.status).toBe(400);
    expect(before.body.error).toEqual({ status: "FAILED_PRECONDITION", message: NOT_CONFIGURED });
    await api("/v2/workspace/advancedwebhookconfig/update", { isEnabled: true });
    await api("/v2/workspace/advancedwebhookconfig/update", { isEnabled: false });
    for (const [path, data] of [
      ["/v2/workspace/advancedwebhook/endpoints/get", {}],
      ["/v2/workspace/advancedwebhook/endpoints/create", { url: "https://example.com/hook" }],
      ["/v2/workspace/advancedwebhook/endpoints/secret/get", { endpointId: "ep_x" }],
    ] as const) {
      expect((await api(path, data)).body.error).toEqual({ status: "FAILED_PRECONDITION", message: DISABLED });
    }
  });

  it("are created, listed in pages, updated, given secrets and deleted", async () => {
    const api = asKey(await newWorkspace());
    await api("/v2/workspace/advancedwebhookconfig/update", { isEnabled: true });
    const created = await api("/v2/workspace/advancedwebhook/endpoints/create", {
      url: "https://example.com/webhooks/velt",
      description: "Primary endpoint",
      filterTypes: ["comment.add", "comment.update"],
    });
    expect(created.body.result.message).toBe("Advanced webhook endpoint created successfully.");
    const ep = created.body.result.data;
    expect(ep).toEqual({
      id: expect.stringMatching(/^ep_/),
      url: "https://example.com/webhooks/velt",
      description: "Primary endpoint",
      filterTypes: ["comment.add", "comment.update"],
      channels: null,
      disabled: false,
      rateLimit: null,
      uid: null,
      metadata: {},
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      updatedAt: expect.stringMatching(/Z$/),
    });
    const others = [];
    for (const n of [2, 3])
      others.push(
        (
          await api("/v2/workspace/advancedwebhook/endpoints/create", {
            url: `https://example.com/${n}`,
            uid: `u${n}`,
            rateLimit: 5,
          })
        ).body.result.data,
      );
    expect(others[0]).toMatchObject({ filterTypes: null, uid: "u2", rateLimit: 5 });

    const page1 = (await api("/v2/workspace/advancedwebhook/endpoints/get", { limit: 2 })).body.result;
    expect(page1.message).toBe("Advanced webhook endpoints retrieved successfully.");
    expect(page1.data.endpoints.map((e: { id: string }) => e.id)).toEqual([ep.id, others[0].id]);
    expect(page1.data).toMatchObject({ done: false, prevIterator: null, iterator: expect.any(String) });
    const page2 = (
      await api("/v2/workspace/advancedwebhook/endpoints/get", { limit: 2, iterator: page1.data.iterator })
    ).body.result.data;
    expect(page2.endpoints.map((e: { id: string }) => e.id)).toEqual([others[1].id]);
    expect(page2.done).toBe(true);
    expect(page2.iterator).toBeNull();
    const back = (await api("/v2/workspace/advancedwebhook/endpoints/get", { limit: 2, iterator: page2.prevIterator }))
      .body.result.data;
    expect(back.endpoints.map((e: { id: string }) => e.id)).toEqual([ep.id, others[0].id]);
    for (const limit of [0, 251, 1.5]) {
      const bad = await api("/v2/workspace/advancedwebhook/endpoints/get", { limit });
      expect(bad.body.error.status).toBe("INVALID_ARGUMENT");
      expect(bad.body.error.message).toContain("limit");
    }

    const updated = await api("/v2/workspace/advancedwebhook/endpoints/update", {
      endpointId: ep.id,
      description: "Updated endpoint description",
      disabled: true,
    });
    expect(updated.body.result.message).toBe("Advanced webhook endpoint updated successfully.");
    expect(updated.body.result.data).toMatchObject({
      id: ep.id,
      description: "Updated endpoint description",
      disabled: true,
      filterTypes: ["comment.add", "comment.update"],
    });
    expect((await api("/v2/workspace/advancedwebhook/endpoints/update", { endpointId: ep.id })).body.error).toEqual({
      status: "INVALID_ARGUMENT",
      message: "At least one endpoint field besides endpointId must be provided.",
    });
    expect((await api("/v2/workspace/advancedwebhook/endpoints/create", { url: "not a url" })).body.error).toEqual({
      status: "INVALID_ARGUMENT",
      message: "url must be a valid http(s) URL.",
    });

    const secret = await api("/v2/workspace/advancedwebhook/endpoints/secret/get", { endpointId: ep.id });
    expect(secret.body.result).toEqual({
      status: "success",
      message: "Advanced webhook endpoint secret retrieved successfully.",
      data: { endpointId: ep.id, secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/=]{32}$/) },
    });
    const rotated = await api("/v2/workspace/advancedwebhook/endpoints/secret/rotate", { endpointId: ep.id });
    expect(rotated.body.result.data.secret).not.toBe(secret.body.result.data.secret);
    expect(
      (await api("/v2/workspace/advancedwebhook/endpoints/secret/get", { endpointId: ep.id })).body.result.data.secret,
    ).toBe(rotated.body.result.data.secret);

    const deleted = await api("/v2/workspace/advancedwebhook/endpoints/delete", { endpointId: ep.id });
    expect(deleted.body.result).toEqual({
      status: "success",
      message: "Advanced webhook endpoint deleted successfully.",
      data: { endpointId: ep.id, deleted: true },
    });
    for (const path of [
      "/v2/workspace/advancedwebhook/endpoints/delete",
      "/v2/workspace/advancedwebhook/endpoints/secret/get",
    ]) {
      const gone = await api(path, { endpointId: ep.id });
      expect(gone.status).toBe(404);
      expect(gone.body.error).toEqual({ status: "NOT_FOUND", message: "Advanced webhook provider request failed." });
    }
  });

  it("are scoped to their API key", async () => {
    const a = asKey(await newWorkspace());
    const b = asKey(await newWorkspace());
    for (const api of [a, b]) await api("/v2/workspace/advancedwebhookconfig/update", { isEnabled: true });
    const ep = (await a("/v2/workspace/advancedwebhook/endpoints/create", { url: "https://example.com/a" })).body.result
      .data;
    expect((await b("/v2/workspace/advancedwebhook/endpoints/get", {})).body.result.data.endpoints).toEqual([]);
    expect(
      (await b("/v2/workspace/advancedwebhook/endpoints/secret/get", { endpointId: ep.id })).body.error.status,
    ).toBe("NOT_FOUND");
    expect((await b("/v2/workspace/advancedwebhook/endpoints/delete", { endpointId: ep.id })).body.error.status).toBe(
      "NOT_FOUND",
    );
    expect((await a("/v2/workspace/advancedwebhook/endpoints/get", {})).body.result.data.endpoints).toHaveLength(1);
  });
});
