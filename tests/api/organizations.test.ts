import { describe, expect, it } from "vitest";
import { asKey, newWorkspace, setAdvancedQueries, useTestDatabase } from "../helpers/api";

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
