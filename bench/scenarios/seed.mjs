// The bench's tenant, created through weft's REST API as a client would: one workspace and its first API key.
import { postOk } from "../lib/http.mjs";

export async function seedTenant(base) {
  const ws = (await postOk(base, "/v2/workspace/create", { ownerEmail: "bench@example.com" })).data;
  const wsHeaders = { "x-service-workspace-id": ws.id, "x-service-workspace-auth-token": ws.authToken };
  const apiKeyId = Object.keys(ws.apiKeyList)[0];
  const tokens = (await postOk(base, "/v2/workspace/authtokens/get", { apiKey: apiKeyId }, wsHeaders)).data;
  const keyHeaders = { "x-velt-api-key": apiKeyId, "x-velt-auth-token": tokens.authTokens[0].token };
  return { workspace: ws, wsHeaders, apiKeyId, keyHeaders };
}
