import { describe, expect, it } from "vitest";
import { call, newWorkspace, useTestDatabase } from "../helpers/api";

useTestDatabase();

describe("Add, Get and Delete Domains", () => {
  it("normalizes, adds, reports skipped ones in data, and removes", async () => {
    const w = await newWorkspace();
    const added = await call(
      "/v2/workspace/domains/add",
      { domains: ["https://www.google.com", "https://*.firebase.com"] },
      { headers: w.key },
    );
    expect(added.body).toEqual({
      result: {
        status: "success",
        message: "Domain(s) added successfully to allowed domains.",
        data: { domainsAdded: ["google.com", "*.firebase.com"] },
      },
    });
    const again = await call(
      "/v2/workspace/domains/add",
      { domains: ["velt.dev", "GOOGLE.com:443/path"] },
      { headers: w.key },
    );
    expect(again.status).toBe(200);
    expect(again.body).toEqual({
      result: {
        status: "success",
        message: "Domain(s) added successfully to allowed domains. Skipped existing domains.",
        data: { domainsAdded: ["velt.dev"], skippedDomains: ["google.com"] },
      },
    });
    const got = await call("/v2/workspace/domains/get", undefined, {
      headers: w.key,
      raw: JSON.stringify({ data: {} }),
    });
    expect(got.body).toEqual({
      result: {
        status: "success",
        message: "Allowed domains retrieved successfully.",
        data: { allowedDomains: ["google.com", "*.firebase.com", "velt.dev"] },
      },
    });
    const removed = await call(
      "/v2/workspace/domains/delete",
      { domains: ["https://www.google.com", "https://*.firebase.com"] },
      { headers: w.key },
    );
    expect(removed.body).toEqual({
      result: {
        status: "success",
        message: "Domain(s) removed successfully from allowed domains.",
        data: { domainsRemoved: ["google.com", "*.firebase.com"] },
      },
    });
    const partial = await call(
      "/v2/workspace/domains/delete",
      { domains: ["velt.dev", "google.com"] },
      { headers: w.key },
    );
    expect(partial.body.result).toEqual({
      status: "success",
      message: "Domain(s) removed successfully from allowed domains. Skipped non-existing domains.",
      data: { domainsRemoved: ["velt.dev"], skippedDomains: ["google.com"] },
    });
    expect((await call("/v2/workspace/domains/get", {}, { headers: w.key })).body.result.data.allowedDomains).toEqual(
      [],
    );
  });

  it("keeps each key's domains to itself", async () => {
    const a = await newWorkspace();
    const b = await newWorkspace();
    await call("/v2/workspace/domains/add", { domains: ["a.example.com"] }, { headers: a.key });
    expect((await call("/v2/workspace/domains/get", {}, { headers: b.key })).body.result.data.allowedDomains).toEqual(
      [],
    );
    const del = await call("/v2/workspace/domains/delete", { domains: ["a.example.com"] }, { headers: b.key });
    expect(del.body.result.data).toEqual({ domainsRemoved: [], skippedDomains: ["a.example.com"] });
    expect((await call("/v2/workspace/domains/get", {}, { headers: a.key })).body.result.data.allowedDomains).toEqual([
      "a.example.com",
    ]);
  });

  it("validates the list: at most 100, each a domain, and writes nothing on failure", async () => {
    const w = await newWorkspace();
    const many = Array.from({ length: 101 }, (_, i) => `d${i}.example.com`);
    expect((await call("/v2/workspace/domains/add", { domains: many }, { headers: w.key })).body.error).toEqual({
      status: "INVALID_ARGUMENT",
      message: "domains must contain at most 100 items.",
    });
    expect(
      (await call("/v2/workspace/domains/add", { domains: ["ok.example.com", "bad domain!"] }, { headers: w.key })).body
        .error,
    ).toEqual({
      status: "INVALID_ARGUMENT",
      message: "domains[1] is not a valid domain.",
    });
    expect((await call("/v2/workspace/domains/add", { domains: [] }, { headers: w.key })).body.error.message).toBe(
      "domains must contain at least 1 item.",
    );
    expect((await call("/v2/workspace/domains/get", {}, { headers: w.key })).body.result.data.allowedDomains).toEqual(
      [],
    );
  });

  it("refuses bad API key credentials with one status, saying whether the key or its token was wrong", async () => {
    const w = await newWorkspace();
    const wrongToken = await call(
      "/v2/workspace/domains/get",
      {},
      { headers: { "x-service-api-key": w.apiKey, "x-service-auth-token": "f".repeat(64) } },
    );
    const unknownKey = await call(
      "/v2/workspace/domains/get",
      {},
      { headers: { "x-service-api-key": "key_nope", "x-service-auth-token": w.apiKeyToken } },
    );
    expect(wrongToken.status).toBe(403);
    expect(wrongToken.body).toEqual({
      error: { status: "PERMISSION_DENIED", message: "Invalid auth token for API key." },
    });
    expect(unknownKey.status).toBe(403);
    expect(unknownKey.body).toEqual({ error: { status: "PERMISSION_DENIED", message: "Invalid API key." } });
    const missing = await call("/v2/workspace/domains/get", {}, { headers: { "x-velt-api-key": w.apiKey } });
    expect(missing.body).toEqual({
      error: { status: "PERMISSION_DENIED", message: "Auth Token not found in headers." },
    });
  });
});
