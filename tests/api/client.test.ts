import { describe, expect, it } from "vitest";
import { createWeftClient, WeftApiError } from "@/lib/api/client";
import { dispatch } from "@/lib/api/dispatch";
import { useTestDatabase } from "../helpers/api";

useTestDatabase();

// The typed client against the real dispatcher (its fetch goes in process instead of over a socket).
const inProcessFetch = ((input: URL | RequestInfo, init?: RequestInit) =>
  dispatch(new Request(input, init), { clientIp: "192.0.2.10" })) as typeof fetch;

describe("typed client", () => {
  it("walks workspace -> key -> token -> key-level call", async () => {
    const anon = createWeftClient({ baseUrl: "http://localhost", fetch: inProcessFetch });
    const ws = (await anon.call("/v2/workspace/create", { ownerEmail: "client@example.com" })).data;
    const admin = createWeftClient({
      baseUrl: "http://localhost",
      workspaceId: ws.id,
      workspaceAuthToken: ws.authToken,
      fetch: inProcessFetch,
    });
    const { apiKey } = (
      await admin.call("/v2/workspace/apikey/create", {
        ownerEmail: "client@example.com",
        type: "testing",
        createAuthToken: true,
      })
    ).data;
    const token = (await admin.call("/v2/workspace/authtokens/get", { apiKey })).data.authTokens[0].token;
    const keyClient = createWeftClient({
      baseUrl: "http://localhost",
      apiKey,
      authToken: token,
      fetch: inProcessFetch,
    });
    const added = await keyClient.call("/v2/workspace/domains/add", { domains: ["example.com"] });
    expect(added).toEqual({
      status: "success",
      message: "Domain(s) added successfully to allowed domains.",
      data: { domainsAdded: ["example.com"] },
    });
    const keys = await admin.call("/v2/workspace/apikeys/get", {});
    expect(keys.data.map((k) => k.id)).toContain(apiKey);
  });

  it("throws WeftApiError with the envelope's status and message", async () => {
    const anon = createWeftClient({ baseUrl: "http://localhost", fetch: inProcessFetch });
    const err = await anon.call("/v2/workspace/get", {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WeftApiError);
    expect(err).toMatchObject({
      status: "PERMISSION_DENIED",
      httpStatus: 403,
      message: "Workspace ID not found in headers.",
    });
  });
});
