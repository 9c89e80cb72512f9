import { describe, expect, it } from "vitest";
import { db } from "@/lib/infra/db";
import { asKey, newWorkspace, useTestDatabase } from "../helpers/api";

useTestDatabase();

const ada = { userId: "ada", name: "Ada", email: "ada@example.com" };

async function setup() {
  const w = await newWorkspace();
  return { w, api: asKey(w) };
}

const add = (api: ReturnType<typeof asKey>, activities: unknown[], documentId = "doc") =>
  api("/v2/activities/add", { organizationId: "org", documentId, activities });

describe("Activity logs", () => {
  it("adds records and reads them back with metadata and an epoch-ms timestamp", async () => {
    const { w, api } = await setup();
    const record = {
      id: "act-1",
      featureType: "comment",
      actionType: "comment.add",
      actionUser: ada,
      targetEntityId: "ann-1",
      targetSubEntityId: "123",
      changes: { status: { from: "open", to: "done" } },
      entityData: { text: "hi" },
      displayMessageTemplate: "{{user}} added a comment",
      displayMessageTemplateData: { user: ada },
      actionIcon: "https://example.com/i.png",
    };
    const res = await add(api, [record]);
    expect(res.body).toEqual({
      result: {
        status: "success",
        message: "Activity(s) added successfully.",
        data: { success: true, message: "Activity(s) added successfully." },
      },
    });
    const got = await api("/v2/activities/get", { organizationId: "org", documentId: "doc" });
    expect(got.body.result.message).toBe("Activity(s) retrieved successfully.");
    expect(got.body.result.data).toEqual([
      {
        ...record,
        metadata: { apiKey: w.apiKey, documentId: "doc", organizationId: "org" },
        timestamp: expect.any(Number),
      },
    ]);
  });

  it("writing an existing id overwrites the record", async () => {
    const { api } = await setup();
    await add(api, [
      { id: "same", featureType: "comment", actionType: "comment.add", actionUser: ada, entityData: { v: 1 } },
    ]);
    await add(api, [{ id: "same", featureType: "reaction", actionType: "reaction.add", actionUser: ada }]);
    const got = await api("/v2/activities/get", { organizationId: "org", activityIds: ["same"] });
    expect(got.body.result.data).toHaveLength(1);
    expect(got.body.result.data[0]).toMatchObject({ featureType: "reaction", actionType: "reaction.add" });
    expect(got.body.result.data[0]).not.toHaveProperty("entityData");
  });

  it("validates featureType, and targetEntityId for custom, naming the field; a failed call writes nothing", async () => {
    const { api } = await setup();
    const bad = await add(api, [{ featureType: "video", actionType: "x", actionUser: ada }]);
    expect(bad.body.error).toEqual({
      status: "INVALID_ARGUMENT",
      message: "activities[0].featureType must be one of: comment, reaction, recorder, crdt, custom.",
    });
    const custom = await add(api, [
      { featureType: "comment", actionType: "comment.add", actionUser: ada },
      { featureType: "custom", actionType: "statusChanged", actionUser: ada },
    ]);
    expect(custom.body.error).toEqual({
      status: "INVALID_ARGUMENT",
      message: "activities[1].targetEntityId is required when featureType is custom.",
    });
    expect((await api("/v2/activities/get", { organizationId: "org" })).body.result.data).toEqual([]);
    expect(
      (await add(api, [{ featureType: "custom", actionType: "statusChanged", actionUser: ada, targetEntityId: "e" }]))
        .status,
    ).toBe(200);
  });

  it("adding needs the activity service on for the key, and says how to turn it on", async () => {
    const { w, api } = await setup();
    await db().apiKey.update({ where: { id: w.apiKey }, data: { activityLogs: false } });
    const res = await add(api, [{ featureType: "comment", actionType: "comment.add", actionUser: ada }]);
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({
      status: "FAILED_PRECONDITION",
      message: `Activity logs are disabled for this API key. Enable them with: npx weft apikey:update ${w.apiKey} --activity-logs on`,
    });
  });

  it("get filters combine and pages are stable; order asc/desc", async () => {
    const { api } = await setup();
    for (let i = 1; i <= 5; i++) {
      await add(api, [
        {
          id: `a${i}`,
          featureType: i % 2 ? "comment" : "custom",
          actionType: i % 2 ? "comment.add" : "custom.x",
          actionUser: i < 3 ? ada : { userId: "bob" },
          targetEntityId: `t${i % 2}`,
        },
      ]);
    }
    const ids = (r: { body: { result: { data: { id: string }[] } } }) => r.body.result.data.map((a) => a.id);
    expect(ids(await api("/v2/activities/get", { organizationId: "org", featureTypes: ["custom"] }))).toEqual([
      "a4",
      "a2",
    ]);
    expect(ids(await api("/v2/activities/get", { organizationId: "org", userId: "ada", order: "asc" }))).toEqual([
      "a1",
      "a2",
    ]);
    expect(
      ids(
        await api("/v2/activities/get", { organizationId: "org", actionTypes: ["comment.add"], targetEntityId: "t1" }),
      ),
    ).toEqual(["a5", "a3", "a1"]);
    const p1 = await api("/v2/activities/get", { organizationId: "org", pageSize: 2, order: "asc" });
    const p2 = await api("/v2/activities/get", {
      organizationId: "org",
      pageSize: 2,
      order: "asc",
      pageToken: p1.body.result.pageToken,
    });
    const p3 = await api("/v2/activities/get", {
      organizationId: "org",
      pageSize: 2,
      order: "asc",
      pageToken: p2.body.result.pageToken,
    });
    expect([...ids(p1), ...ids(p2), ...ids(p3)]).toEqual(["a1", "a2", "a3", "a4", "a5"]);
    expect(p3.body.result.pageToken).toBeUndefined();
  });

  it("delete by ids, document or target entity; needs one of them", async () => {
    const { api } = await setup();
    await add(api, [
      { id: "x1", featureType: "comment", actionType: "comment.add", actionUser: ada, targetEntityId: "ann" },
      { id: "x2", featureType: "comment", actionType: "comment.add", actionUser: ada },
    ]);
    await add(api, [{ id: "y1", featureType: "comment", actionType: "comment.add", actionUser: ada }], "doc2");
    const none = await api("/v2/activities/delete", { organizationId: "org" });
    expect(none.body.error).toEqual({
      status: "INVALID_ARGUMENT",
      message: "At least one of documentId, targetEntityId or activityIds is required.",
    });
    const byIds = await api("/v2/activities/delete", { organizationId: "org", activityIds: ["x1", "missing"] });
    expect(byIds.body).toEqual({
      result: {
        status: "success",
        message: "Activity(s) deleted successfully.",
        data: {
          x1: { success: true, message: "Activity deleted." },
          missing: { success: false, message: "Failed to delete activity." },
        },
      },
    });
    const byDoc = await api("/v2/activities/delete", { organizationId: "org", documentId: "doc2" });
    expect(byDoc.body.result.data).toEqual({ y1: { success: true, message: "Activity deleted." } });
    const left = await api("/v2/activities/get", { organizationId: "org" });
    expect(left.body.result.data.map((a: { id: string }) => a.id)).toEqual(["x2"]);
  });

  it("records of another API key stay invisible", async () => {
    const { api } = await setup();
    const other = await setup();
    await add(api, [{ id: "mine", featureType: "comment", actionType: "comment.add", actionUser: ada }]);
    expect((await other.api("/v2/activities/get", { organizationId: "org" })).body.result.data).toEqual([]);
    expect(
      (await other.api("/v2/activities/delete", { organizationId: "org", activityIds: ["mine"] })).body.result.data.mine
        .success,
    ).toBe(false);
  });
});

describe("Update Activity Logs", () => {
  it("reference example 1: one record's display message; other fields keep their values", async () => {
    const { api } = await setup();
    await add(api, [
      { id: "activity-001", featureType: "comment", actionType: "comment.add", actionUser: ada, actionIcon: "i.svg" },
    ]);
    const res = await api("/v2/activities/update", {
      organizationId: "org",
      activities: [{ id: "activity-001", displayMessageTemplate: "{{user}} updated the comment" }],
    });
    expect(res.body).toEqual({
      result: {
        status: "success",
        message: "Activity(s) updated successfully.",
        data: { "activity-001": { success: true, message: "Activity updated." } },
      },
    });
    const got = await api("/v2/activities/get", { organizationId: "org", activityIds: ["activity-001"] });
    expect(got.body.result.data[0]).toMatchObject({
      featureType: "comment",
      actionType: "comment.add",
      actionUser: ada,
      actionIcon: "i.svg",
      displayMessageTemplate: "{{user}} updated the comment",
    });
  });

  it("reference example 2: several records; an unknown id fails alone and the call still succeeds", async () => {
    const { api } = await setup();
    await add(api, [{ id: "activity-002", featureType: "comment", actionType: "comment.add", actionUser: ada }]);
    const res = await api("/v2/activities/update", {
      organizationId: "org",
      activities: [
        {
          id: "activity-001",
          displayMessageTemplate: "{{user}} updated the comment",
          displayMessageTemplateData: { user: { userId: "user-1", name: "User Name" } },
        },
        { id: "activity-002", actionIcon: "https://example.com/icons/edit.svg" },
      ],
    });
    expect(res.body.result).toEqual({
      status: "success",
      message: "Activity(s) updated successfully.",
      data: {
        "activity-001": { success: false, message: "Failed to update activity." },
        "activity-002": { success: true, message: "Activity updated." },
      },
    });
    const got = await api("/v2/activities/get", { organizationId: "org", activityIds: ["activity-002"] });
    expect(got.body.result.data[0].actionIcon).toBe("https://example.com/icons/edit.svg");
  });

  it("refuses fields outside the reference's list, naming them, and writes nothing", async () => {
    const { api } = await setup();
    await add(api, [{ id: "a1", featureType: "comment", actionType: "comment.add", actionUser: ada }]);
    const res = await api("/v2/activities/update", {
      organizationId: "org",
      activities: [{ id: "a1", actionIcon: "x", actionType: "other" }],
    });
    expect(res.status).toBe(400);
    expect(res.body.error.status).toBe("INVALID_ARGUMENT");
    expect(res.body.error.message).toContain("actionType");
    const got = await api("/v2/activities/get", { organizationId: "org", activityIds: ["a1"] });
    expect(got.body.result.data[0].actionIcon).toBeUndefined();
  });

  it("an immutable log refuses updates; another key's records cannot be updated", async () => {
    const { api } = await setup();
    await add(api, [{ id: "a1", featureType: "comment", actionType: "comment.add", actionUser: ada }]);
    const other = asKey(await newWorkspace());
    const foreign = await other("/v2/activities/update", {
      organizationId: "org",
      activities: [{ id: "a1", actionIcon: "x" }],
    });
    expect(foreign.body.result.data.a1).toEqual({ success: false, message: "Failed to update activity." });
    await api("/v2/workspace/activityconfig/update", { activityServiceConfig: { immutable: true } });
    const res = await api("/v2/activities/update", {
      organizationId: "org",
      activities: [{ id: "a1", actionIcon: "x" }],
    });
    expect(res.body.error.status).toBe("FAILED_PRECONDITION");
    const got = await api("/v2/activities/get", { organizationId: "org", activityIds: ["a1"] });
    expect(got.body.result.data[0].actionIcon).toBeUndefined();
  });
});
