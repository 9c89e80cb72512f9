import { describe, expect, it } from "vitest";
import { db } from "@/lib/infra/db";
import { asKey, call, newWorkspace, useTestDatabase } from "../helpers/api";
import { emitEvent } from "../helpers/emit-event";

// Activity, notification and permission provider config (the reference's adjacent endpoints), from the
// reference examples, and their effect on what weft does.

useTestDatabase();

const ada = { userId: "ada", name: "Ada", email: "ada@example.com" };
const bob = { userId: "bob", name: "Bob", email: "bob@example.com" };

const activityCount = (apiKeyId: string) => db().activityLog.count({ where: { apiKeyId } });
const notificationCount = (apiKeyId: string) => db().notification.count({ where: { apiKeyId } });

describe("Activity Config", () => {
  it("get (reference example): the key's switch (on by default in weft), immutable and the comment triggers as they apply", async () => {
    const api = asKey(await newWorkspace());
    const comment = Object.fromEntries(
      [
        "comment_annotation.add",
        "comment.add",
        "comment.update",
        "comment.delete",
        "comment_annotation.status_change",
        "comment_annotation.assign",
        "comment_annotation.priority_change",
        "comment.reaction_add",
        "comment.reaction_delete",
        "comment_annotation.suggestion_accept",
        "comment_annotation.suggestion_reject",
      ].map((t) => [t, true]),
    );
    expect((await api("/v2/workspace/activityconfig/get", {})).body).toEqual({
      result: {
        status: "success",
        message: "Activity logs configuration retrieved successfully.",
        data: { activityServiceConfig: { isEnabled: true, immutable: false, triggers: { comment } } },
      },
    });
    await api("/v2/workspace/activityconfig/update", {
      activityServiceConfig: { triggers: { comment: { "comment.add": false } } },
    });
    const got = await api("/v2/workspace/activityconfig/get", {});
    expect(got.body.result.data.activityServiceConfig.triggers.comment).toEqual({ ...comment, "comment.add": false });
  });

  it("update (reference example) merges, and isEnabled turns activity logging off and on", async () => {
    const w = await newWorkspace();
    const api = asKey(w);
    const off = await api("/v2/workspace/activityconfig/update", { activityServiceConfig: { isEnabled: false } });
    expect(off.body.result).toEqual({
      status: "success",
      message: "Activity logs configuration updated successfully.",
      data: {
        activityServiceConfig: { isEnabled: false, immutable: false, triggers: { comment: expect.any(Object) } },
      },
    });
    await emitEvent(w.apiKey, { actor: ada });
    expect(await activityCount(w.apiKey)).toBe(0);
    const added = await api("/v2/activities/add", {
      organizationId: "org",
      documentId: "doc",
      activities: [{ id: "a1", featureType: "comment", actionType: "comment.add", actionUser: ada }],
    });
    expect(added.body.error.status).toBe("FAILED_PRECONDITION");

    const on = await api("/v2/workspace/activityconfig/update", {
      activityServiceConfig: { isEnabled: true, immutable: false },
    });
    expect(on.status).toBe(200);
    // The first enable seeds enabledTime and the comment triggers; the request's immutable wins over the seed.
    expect(on.body.result.data.activityServiceConfig).toMatchObject({
      isEnabled: true,
      immutable: false,
      enabledTime: expect.any(Number),
      triggers: { comment: expect.objectContaining({ "comment.add": true }) },
    });
    await emitEvent(w.apiKey, { actor: ada });
    expect(await activityCount(w.apiKey)).toBe(1);
    const got = await api("/v2/workspace/activityconfig/get", {});
    expect(got.body.result.data).toEqual(on.body.result.data);
  });

  it("a comment trigger set to false stops that event type from being logged; immutable refuses deletes", async () => {
    const w = await newWorkspace();
    const api = asKey(w);
    await api("/v2/workspace/activityconfig/update", {
      activityServiceConfig: { triggers: { comment: { "comment.add": false } }, immutable: true },
    });
    await emitEvent(w.apiKey, { type: "comment.add", actor: ada });
    expect(await activityCount(w.apiKey)).toBe(0);
    await emitEvent(w.apiKey, { type: "comment.update", actor: ada });
    expect(await activityCount(w.apiKey)).toBe(1);
    const del = await api("/v2/activities/delete", { organizationId: "org-1", documentId: "doc-1" });
    expect(del.body.error.status).toBe("FAILED_PRECONDITION");
    expect(await activityCount(w.apiKey)).toBe(1);
  });

  it("refuses an empty activityServiceConfig (reference failure) and unknown fields", async () => {
    const api = asKey(await newWorkspace());
    expect((await api("/v2/workspace/activityconfig/update", { activityServiceConfig: {} })).body).toEqual({
      error: { status: "INVALID_ARGUMENT", message: "At least one field must be provided for update" },
    });
    const unknown = await api("/v2/workspace/activityconfig/update", { activityServiceConfig: { nope: true } });
    expect(unknown.body.error.status).toBe("INVALID_ARGUMENT");
  });

  it("refuses bad credentials with PERMISSION_DENIED", async () => {
    const w = await newWorkspace();
    const res = await call(
      "/v2/workspace/activityconfig/get",
      {},
      { headers: { ...w.key, "x-service-auth-token": "x" } },
    );
    expect(res.status).toBe(403);
    expect(res.body.error.status).toBe("PERMISSION_DENIED");
  });
});

describe("Notification Config", () => {
  it("get (reference example): defaults filled in; weft's in-app notifications are on by default", async () => {
    const api = asKey(await newWorkspace());
    expect((await api("/v2/workspace/notificationconfig/get", {})).body).toEqual({
      result: {
        status: "success",
        message: "Notification configuration retrieved successfully.",
        data: {
          useNotificationService: true,
          notificationServiceConfig: {
            triggers: { comment: {}, huddle: {} },
            delayConfig: { isEnabled: false, delaySeconds: 10 },
            batchConfig: {
              document: { isEnabled: false, batchWindowSeconds: 10, maxActivities: 2 },
              user: { isEnabled: false, batchWindowSeconds: 10, maxActivities: 2 },
            },
          },
        },
      },
    });
  });

  it("update (reference example) echoes what was sent and is merged into what get answers", async () => {
    const api = asKey(await newWorkspace());
    const body = {
      useNotificationService: true,
      notificationServiceConfig: { delayConfig: { isEnabled: true, delaySeconds: 30 } },
    };
    expect((await api("/v2/workspace/notificationconfig/update", body)).body).toEqual({
      result: { status: "success", message: "Notification configuration updated successfully.", data: body },
    });
    await api("/v2/workspace/notificationconfig/update", {
      notificationServiceConfig: { batchConfig: { user: { maxActivities: 5 } }, delayConfig: { delaySeconds: 60 } },
    });
    const got = (await api("/v2/workspace/notificationconfig/get", {})).body.result.data;
    expect(got.notificationServiceConfig.delayConfig).toEqual({ isEnabled: true, delaySeconds: 60 });
    expect(got.notificationServiceConfig.batchConfig.user).toEqual({
      isEnabled: false,
      batchWindowSeconds: 10,
      maxActivities: 5,
    });
  });

  it("useNotificationService false: comment events notify nobody and Add Notifications refuses", async () => {
    const w = await newWorkspace();
    const api = asKey(w);
    const mention = { actor: ada, mentioned: [bob] };
    await emitEvent(w.apiKey, mention);
    expect(await notificationCount(w.apiKey)).toBe(1);
    await api("/v2/workspace/notificationconfig/update", { useNotificationService: false });
    await emitEvent(w.apiKey, mention);
    expect(await notificationCount(w.apiKey)).toBe(1);
    const add = await api("/v1/notifications/add", {
      organizationId: "org-1",
      documentId: "doc-1",
      createOrganization: true,
      createDocument: true,
      actionUser: ada,
      displayHeadlineMessageTemplate: "Hello",
      displayBodyMessage: "World",
      notifyUsers: [bob],
      notifyAll: false,
    });
    expect(add.status).toBe(400);
    expect(add.body.error.status).toBe("FAILED_PRECONDITION");
    expect(await notificationCount(w.apiKey)).toBe(1);
  });

  it("a comment trigger set to false stops that event type from notifying", async () => {
    const w = await newWorkspace();
    const api = asKey(w);
    await api("/v2/workspace/notificationconfig/update", {
      notificationServiceConfig: { triggers: { comment: { "comment.add": false } } },
    });
    await emitEvent(w.apiKey, { type: "comment.add", actor: ada, mentioned: [bob] });
    expect(await notificationCount(w.apiKey)).toBe(0);
    await emitEvent(w.apiKey, { type: "comment_annotation.assign", actor: ada, assigned: bob });
    expect(await notificationCount(w.apiKey)).toBe(1);
  });

  it("refuses an empty body (reference failure) and out-of-range numbers", async () => {
    const api = asKey(await newWorkspace());
    expect((await api("/v2/workspace/notificationconfig/update", {})).body).toEqual({
      error: {
        status: "INVALID_ARGUMENT",
        message: "At least one of useNotificationService or notificationServiceConfig must be provided",
      },
    });
    const low = await api("/v2/workspace/notificationconfig/update", {
      notificationServiceConfig: { delayConfig: { delaySeconds: 9 } },
    });
    expect(low.body.error).toEqual({
      status: "INVALID_ARGUMENT",
      message: "notificationServiceConfig.delayConfig.delaySeconds must be at least 10.",
    });
  });
});

describe("Permission Provider Config", () => {
  it("get (reference example) before anything is stored", async () => {
    const api = asKey(await newWorkspace());
    expect((await api("/v2/workspace/permissionproviderconfig/get", {})).body).toEqual({
      result: {
        status: "success",
        message: "Permission provider configuration retrieved successfully.",
        data: { usePermissionProvider: false, permissionProviderConfig: { permissionProviderUrl: "", authToken: "" } },
      },
    });
  });

  it("update (reference example) answers with no data, stores the token sealed and get returns it", async () => {
    const w = await newWorkspace();
    const api = asKey(w);
    const config = { permissionProviderUrl: "https://example.com/permissions", authToken: "provider_auth_token_here" };
    const res = await api("/v2/workspace/permissionproviderconfig/update", {
      usePermissionProvider: true,
      permissionProviderConfig: config,
    });
    expect(res.body).toEqual({
      result: { status: "success", message: "Permission provider configuration updated successfully." },
    });
    const row = await db().apiKey.findUniqueOrThrow({ where: { id: w.apiKey }, select: { serviceConfig: true } });
    expect(JSON.stringify(row.serviceConfig)).not.toContain("provider_auth_token_here");
    await api("/v2/workspace/permissionproviderconfig/update", { usePermissionProvider: false });
    expect((await api("/v2/workspace/permissionproviderconfig/get", {})).body.result.data).toEqual({
      usePermissionProvider: false,
      permissionProviderConfig: config,
    });
  });

  it("refuses a URL that is not http(s) (reference failure) and writes nothing", async () => {
    const api = asKey(await newWorkspace());
    for (const permissionProviderUrl of ["ftp://example.com/x", "not a url", "javascript:alert(1)"]) {
      const res = await api("/v2/workspace/permissionproviderconfig/update", {
        usePermissionProvider: true,
        permissionProviderConfig: { permissionProviderUrl },
      });
      expect(res.body).toEqual({ error: { status: "INVALID_ARGUMENT", message: "Please enter a valid URL" } });
    }
    expect((await api("/v2/workspace/permissionproviderconfig/get", {})).body.result.data.usePermissionProvider).toBe(
      false,
    );
    const clear = await api("/v2/workspace/permissionproviderconfig/update", {
      permissionProviderConfig: { permissionProviderUrl: "" },
    });
    expect(clear.status).toBe(200);
  });
});
