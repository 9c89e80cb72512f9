import type { APIRequestContext } from "@playwright/test";
import { expect } from "./fixtures";

// Seeding over REST as an integration would: a workspace's first key with its auth token, and calls with it.

/** A REST call that must succeed; its `result` (or the whole body of a reply without one). */
export async function rest(
  request: APIRequestContext,
  path: string,
  data: unknown,
  headers: Record<string, string> = {},
) {
  const res = await request.post(path, { data: { data }, headers });
  expect(res.status(), await res.text()).toBeLessThan(300);
  const body = await res.json();
  return body.result ?? body;
}

/** Create Workspace for `ownerEmail`: its id, its first key, that key's auth token and the headers of both. */
export async function keyOf(request: APIRequestContext, ownerEmail: string) {
  const ws = (await rest(request, "/v2/workspace/create", { ownerEmail })).data;
  const apiKey = Object.keys(ws.apiKeyList)[0];
  const wsHeaders = { "x-service-workspace-id": ws.id, "x-service-workspace-auth-token": ws.authToken };
  const token = (await rest(request, "/v2/workspace/authtokens/get", { apiKey }, wsHeaders)).data.authTokens[0].token;
  return {
    workspaceId: ws.id as string,
    apiKey,
    token: token as string,
    headers: { "x-service-api-key": apiKey, "x-service-auth-token": token as string },
  };
}
