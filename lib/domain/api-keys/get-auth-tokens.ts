import type { z } from "zod";
import { decryptSecret } from "@/lib/infra/crypto";
import type { Reader } from "@/lib/infra/db";
import type { WorkspaceScope } from "../scope";
import { findWorkspaceKey } from "./find-workspace-key";
import type { apiKeyRefInput } from "./reset-auth-token";
import { authTokenAad } from "./tokens";

export async function getAuthTokens(scope: WorkspaceScope, input: z.output<typeof apiKeyRefInput>, tx: Reader) {
  const key = await findWorkspaceKey(tx, scope.workspaceId, input.apiKey);
  const tokens = await tx.apiKeyAuthToken.findMany({
    where: { apiKeyId: key.id, apiKey: { workspaceId: scope.workspaceId } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { id: true, tokenEnc: true, name: true, domains: true },
  });
  return {
    apiKey: key.id,
    authTokens: tokens.map((t) => ({
      token: decryptSecret(t.tokenEnc, authTokenAad(t.id)),
      name: t.name,
      domains: t.domains,
    })),
  };
}
