import { z } from "zod";
import { credentialsChanged } from "@/lib/infra/credential-cache";
import { encryptSecret, randomToken, tokenHash } from "@/lib/infra/crypto";
import type { Tx } from "@/lib/infra/db";
import { issueAuthToken } from "../api-keys/tokens";
import { notFound } from "../errors";
import { revokeUserTokens } from "../permissions/signing-key";
import { workspaceTokenAad } from "./workspace-token";
import type { WorkspaceScope } from "../scope";

// Rotate Workspace Auth Tokens (weft extension, /v2/workspace/authtokens/rotate and the console's workspace
// page): a new workspace auth token and one new auth token per API key, every old one (and every user token
// minted with the old ones) refused on every instance once this commits (the credential caches hear it on the notify bus). It is how the real owner of an
// email cuts off whoever created a workspace for it first: the owner signs in to the console with a login link
// sent to that address, sees the workspace (and the address it was created from), and rotates.

export const rotateWorkspaceTokensInput = z.strictObject({});

export async function rotateWorkspaceTokens(scope: WorkspaceScope, _input: unknown, tx: Tx) {
  const token = randomToken(32);
  const { count } = await tx.workspace.updateMany({
    where: { id: scope.workspaceId },
    data: {
      authTokenHash: tokenHash(token),
      authTokenEnc: encryptSecret(token, workspaceTokenAad(scope.workspaceId)),
      tokensRotatedAt: new Date(),
    },
  });
  if (count === 0) throw notFound("Workspace not found.");
  await credentialsChanged(tx, `workspace:${scope.workspaceId}`);
  const keys = await tx.apiKey.findMany({
    where: { workspaceId: scope.workspaceId },
    select: { id: true },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  await tx.apiKeyAuthToken.deleteMany({ where: { apiKey: { workspaceId: scope.workspaceId } } });
  await revokeUserTokens(
    tx,
    keys.map((k) => k.id),
  );
  const apiKeys = [];
  for (const key of keys) {
    apiKeys.push({ apiKey: key.id, newAuthToken: await issueAuthToken(tx, key.id) });
    await credentialsChanged(tx, `apiKey:${key.id}`);
  }
  return { workspaceId: scope.workspaceId, authToken: token, apiKeys };
}
