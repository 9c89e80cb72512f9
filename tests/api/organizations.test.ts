import { describe, expect, it } from "vitest";
import { db } from "@/lib/infra/db";
import { asKey, newWorkspace, setAdvancedQueries, useTestDatabase } from "../helpers/api";
import { waitFor } from "../helpers/wait";

useTestDatabase();

describe("Add Organizations", () => {
  it("adds each organization and reports one that exists as an item failure", async () => {
    const api = asKey(await newWorkspace());
    const first = await api("/v2/organizations/add", {
      organizations: [{ organizationId: "acme", organizationName: "Acme" }],
    });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      result: {
        status: "success",
        message: "Organization(s) added successfully.",
        data: {
          acme: { success: true, id: expect.stringMatching(/^org_[0-9a-f]{32}$/), message: "Added Successfully" },
        },
      },
    });
    const again = await api("/v2/organizations/add", {
      organizations: [
        { organizationId: "globex", organizationName: "Globex" },
        { organizationId: "acme", organizationName: "Renamed" },
      ],
    });
    expect(again.body.result.data).toEqual({
      globex: { success: true, id: expect.any(String), message: "Added Successfully" },
      acme: { success: false, id: first.body.result.data.acme.id, message: "Organization already exists." },
    });
    const got = await api("/v2/organizations/get", { organizationIds: ["acme", "globex", "nope"] });
    expect(got.body).toEqual({
      result: {
        status: "success",
        message: "Organization(s) retrieved successfully.",
        data: [
          { id: "acme", organizationName: "Acme", disabled: false },
          { id: "globex", organizationName: "Globex", disabled: false },
        ],
      },
    });
  });

  it("refuses a repeated id, an empty list and more than 1,000 items, writing nothing", async () => {
    const api = asKey(await newWorkspace());
    const repeated = await api("/v2/organizations/add", {
      organizations: [
        { organizationId: "a", organizationName: "A" },
        { organizationId: "a", organizationName: "B" },
      ],
    });
    expect(repeated.status).toBe(400);
    expect(repeated.body).toEqual({
      error: {
        status: "INVALID_ARGUMENT",
        message: "organizations[1].organizationId repeats organizations[0].organizationId.",
      },
    });
    const many = Array.from({ length: 1001 }, (_, i) => ({ organizationId: `o${i}`, organizationName: `O${i}` }));
    expect((await api("/v2/organizations/add", { organizations: many })).body.error).toEqual({
      status: "INVALID_ARGUMENT",
      message: "organizations must contain at most 1000 items.",
    });
    expect((await api("/v2/organizations/add", { organizations: [] })).body.error.message).toBe(
      "organizations must contain at least 1 item.",
    );
    expect((await api("/v2/organizations/add", { organizations: [{ organizationId: "x" }] })).body.error.message).toBe(
      "organizations[0].organizationName is required.",
    );
    expect((await api("/v2/organizations/get", {})).body.result.data).toEqual([]);
  });
});

describe("Get Organizations", () => {
  it("pages with an opaque nextPageToken, absent on the last page", async () => {
    const api = asKey(await newWorkspace());
    const organizations = Array.from({ length: 25 }, (_, i) => ({
      organizationId: `org-${i}`,
      organizationName: `Org ${i}`,
    }));
    await api("/v2/organizations/add", { organizations });
    const seen: string[] = [];
    let pageToken: string | undefined;
    do {
      const page = await api("/v2/organizations/get", { pageSize: 10, ...(pageToken && { pageToken }) });
      expect(page.body.result.data.length).toBeLessThanOrEqual(10);
      seen.push(...page.body.result.data.map((o: { id: string }) => o.id));
      pageToken = page.body.result.nextPageToken;
      if (pageToken) expect(pageToken).not.toMatch(/org-/);
    } while (pageToken);
    expect(seen.sort()).toEqual(organizations.map((o) => o.organizationId).sort());
    expect(
      (await api("/v2/organizations/get", { organizationIds: Array.from({ length: 31 }, (_, i) => `o${i}`) })).body
        .error,
    ).toEqual({
      status: "INVALID_ARGUMENT",
      message: "organizationIds must contain at most 30 items.",
    });
    expect((await api("/v2/organizations/get", { pageSize: 1001 })).body.error.message).toBe(
      "pageSize must be at most 1000.",
    );
    expect((await api("/v2/organizations/get", { pageToken: "garbage" })).body.error.message).toBe(
      "pageToken is invalid; pass back the token of the previous page unchanged.",
    );
  });

  it("needs advanced queries on the key", async () => {
    const w = await newWorkspace();
    await setAdvancedQueries(w.apiKey, false);
    const res = await asKey(w)("/v2/organizations/get", {});
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: {
        status: "FAILED_PRECONDITION",
        message: `Advanced queries are disabled for this API key. Enable them with: npx weft apikey:update ${w.apiKey} --advanced-queries on`,
      },
    });
  });

  it("shows each key only its own organizations", async () => {
    const a = asKey(await newWorkspace());
    const b = asKey(await newWorkspace());
    await a("/v2/organizations/add", { organizations: [{ organizationId: "shared-id", organizationName: "A's" }] });
    expect((await b("/v2/organizations/get", { organizationIds: ["shared-id"] })).body.result.data).toEqual([]);
    const added = await b("/v2/organizations/add", {
      organizations: [{ organizationId: "shared-id", organizationName: "B's" }],
    });
    expect(added.body.result.data["shared-id"].success).toBe(true);
    expect((await a("/v2/organizations/get", {})).body.result.data).toEqual([
      { id: "shared-id", organizationName: "A's", disabled: false },
    ]);
  });
});

describe("Update Organizations", () => {
  it("renames organizations as the reference example shows; an unknown one fails alone", async () => {
    const api = asKey(await newWorkspace());
    const added = await api("/v2/organizations/add", {
      organizations: [{ organizationId: "yourOrganizationId", organizationName: "Old" }],
    });
    const res = await api("/v2/organizations/update", {
      organizations: [
        { organizationId: "yourOrganizationId", organizationName: "Your Updated Organization Name" },
        { organizationId: "missing", organizationName: "Nobody" },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      result: {
        status: "success",
        message: "Organization(s) updated successfully.",
        data: {
          yourOrganizationId: {
            success: true,
            id: added.body.result.data.yourOrganizationId.id,
            message: "Updated Successfully",
          },
          missing: { success: false, id: expect.stringMatching(/^org_/), message: "Organization does not exist" },
        },
      },
    });
    expect((await api("/v2/organizations/get", {})).body.result.data).toEqual([
      { id: "yourOrganizationId", organizationName: "Your Updated Organization Name", disabled: false },
    ]);
    const bad = await api("/v2/organizations/update", { organizations: [{ organizationName: "x" }] });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toEqual({
      status: "INVALID_ARGUMENT",
      message: "organizations[0].organizationId is required.",
    });
  });
});

describe("Update Disabled State for Organizations", () => {
  it("switches organizations off and on; an unknown one is success:false with the reference's message", async () => {
    const api = asKey(await newWorkspace());
    await api("/v2/organizations/add", {
      organizations: [{ organizationId: "yourOrganizationId1", organizationName: "One" }],
    });
    const res = await api("/v2/organizations/access/disablestate/update", {
      organizationIds: ["yourOrganizationId1", "yourOrganizationId2"],
      disabled: true,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      result: {
        status: "success",
        message: "Updated disable state for Organization(s) successfully.",
        data: {
          yourOrganizationId1: {
            success: true,
            id: expect.stringMatching(/^org_[0-9a-f]{32}$/),
            message: "Updated disable state for organization Successfully",
          },
          yourOrganizationId2: {
            success: false,
            id: expect.stringMatching(/^org_[0-9a-f]{32}$/),
            message: "Organization does not exist",
          },
        },
      },
    });
    expect((await api("/v2/organizations/get", {})).body.result.data[0].disabled).toBe(true);
    // The key's own REST calls keep working on a disabled organization.
    const doc = await api("/v2/organizations/documents/add", {
      organizationId: "yourOrganizationId1",
      documents: [{ documentId: "still-writable" }],
    });
    expect(doc.body.result.data["still-writable"].success).toBe(true);
    await api("/v2/organizations/access/disablestate/update", {
      organizationIds: ["yourOrganizationId1"],
      disabled: false,
    });
    expect((await api("/v2/organizations/get", {})).body.result.data[0].disabled).toBe(false);
    const missing = await api("/v2/organizations/access/disablestate/update", { organizationIds: ["a"] });
    expect(missing.body.error).toEqual({ status: "INVALID_ARGUMENT", message: "disabled is required." });
  });
});

describe("Delete Organizations", () => {
  it("is gone from every read at once, purged in the background, and a re-used id starts empty", async () => {
    const w = await newWorkspace();
    const api = asKey(w);
    await api("/v2/organizations/add", {
      organizations: [
        { organizationId: "yourOrganizationId1", organizationName: "Doomed" },
        { organizationId: "kept", organizationName: "Kept" },
      ],
    });
    await api("/v2/organizations/documents/add", {
      organizationId: "yourOrganizationId1",
      documents: [{ documentId: "doc", documentName: "Old" }],
    });
    await api("/v2/users/add", { organizationId: "yourOrganizationId1", users: [{ userId: "u", name: "U" }] });
    const res = await api("/v2/organizations/delete", {
      organizationIds: ["yourOrganizationId1", "yourOrganizationId2"],
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      result: {
        status: "success",
        message: "Organization(s) deleted successfully.",
        data: {
          yourOrganizationId1: {
            success: true,
            id: expect.stringMatching(/^org_[0-9a-f]{32}$/),
            message: "Deleted Successfully",
          },
          yourOrganizationId2: {
            success: false,
            id: expect.stringMatching(/^org_[0-9a-f]{32}$/),
            message: "Organization does not exist",
          },
        },
      },
    });
    // From the moment the delete committed: not listed, and every call naming it answers as for a missing one.
    expect((await api("/v2/organizations/get", {})).body.result.data.map((o: { id: string }) => o.id)).toEqual([
      "kept",
    ]);
    const read = await api("/v2/organizations/documents/get", { organizationId: "yourOrganizationId1" });
    expect(read.status).toBe(404);
    expect(read.body.error.status).toBe("NOT_FOUND");
    expect(read.body.error.message).toMatch(/^Organization does not exist: it was deleted/);
    const again = await api("/v2/organizations/add", {
      organizations: [{ organizationId: "yourOrganizationId1", organizationName: "Reborn" }],
    });
    expect(again.body.result.data.yourOrganizationId1).toMatchObject({
      success: false,
      message: expect.stringMatching(/^Organization does not exist: it was deleted/),
    });
    expect(
      (await api("/v2/organizations/delete", { organizationIds: ["yourOrganizationId1"] })).body.result.data,
    ).toMatchObject({ yourOrganizationId1: { success: false, message: "Organization does not exist" } });

    // The purge job removes the row last; then the id is free and starts empty.
    await waitFor(
      async () =>
        (await db().organization.count({ where: { apiKeyId: w.apiKey, organizationId: "yourOrganizationId1" } })) === 0,
      30_000,
    );
    const reborn = await api("/v2/organizations/add", {
      organizations: [{ organizationId: "yourOrganizationId1", organizationName: "Reborn" }],
    });
    expect(reborn.body.result.data.yourOrganizationId1.success).toBe(true);
    expect(
      (await api("/v2/organizations/documents/get", { organizationId: "yourOrganizationId1" })).body.result.data,
    ).toEqual([]);
    expect((await api("/v2/users/get", { organizationId: "yourOrganizationId1" })).body.result.data).toEqual([]);
    expect((await api("/v2/organizations/documents/get", { organizationId: "kept" })).status).toBe(200);
  });
});
