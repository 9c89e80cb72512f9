import { encryptSecret, randomToken, tokenHash } from "@/lib/infra/crypto";
import { env } from "@/lib/infra/env";
import { newId } from "@/lib/infra/ids";
import type { Tx } from "@/lib/infra/db";
import { DomainError, denied, exhausted } from "../errors";
import { assertNotDisposable } from "../disposable-email";
import { capitalizedLocalPart, normalizeEmail } from "../fields";
import { insertApiKey } from "../api-keys/create-api-key";
import type { PublicScope } from "../scope";
import type { CreateWorkspaceInput } from "./create-workspace-input";
import { workspaceView } from "./workspace-view";
import { workspaceTokenAad } from "./workspace-token";

export const MAX_WORKSPACES_PER_EMAIL = 5;
/** Counted per client address before the call (the dispatcher's `rateLimit`). */
export const createWorkspaceRateLimit = {
  bucket: "create-workspace",
  limit: () => env().WEFT_RATE_LIMIT_CREATE_WORKSPACE,
};

export async function createWorkspace(scope: PublicScope, input: CreateWorkspaceInput, tx: Tx) {
  const ownerEmail = normalizeEmail(input.ownerEmail);
  assertNotDisposable(ownerEmail);
  try {
    const id = await insertWorkspace(tx, ownerEmail, input, scope.clientIp);
    return await workspaceView(tx, id);
  } catch (e) {
    if ((e as { code?: string }).code === "P2002") {
      throw new DomainError("ALREADY_EXISTS", "A workspace already exists for this email address");
    }
    throw e;
  }
}

async function insertWorkspace(
  tx: Tx,
  ownerEmail: string,
  input: CreateWorkspaceInput,
  createdIp: string,
): Promise<string> {
  const existing = await tx.workspace.findMany({
    where: { ownerEmail },
    select: { ordinal: true, plan: true, ownerId: true },
    orderBy: { ordinal: "asc" },
  });
  if (existing.length >= MAX_WORKSPACES_PER_EMAIL) {
    throw exhausted("You have reached the maximum number of workspaces allowed for this email address.");
  }
  const root = existing[0];
  if (root && root.plan !== "paid") {
    throw denied(
      "Creating an additional workspace requires your root workspace to be on a paid plan (a production API key).",
    );
  }
  const token = randomToken(32);
  const ownerName = input.name ?? ownerEmail;
  const id = newId("ws");
  const workspace = await tx.workspace.create({
    data: {
      id,
      name: input.workspaceName ?? `${input.name ?? ownerEmail} workspace`,
      ownerEmail,
      ownerId: root?.ownerId ?? newId("owner"),
      ownerName,
      ownerAvatar: input.avatar,
      // The next free ordinal: two concurrent creates for one email collide on (ownerEmail, ordinal).
      ordinal: existing.length ? existing[existing.length - 1].ordinal + 1 : 0,
      plan: env().WEFT_DEFAULT_PLAN,
      authTokenHash: tokenHash(token),
      authTokenEnc: encryptSecret(token, workspaceTokenAad(id)),
      createdIp,
    },
  });
  await insertApiKey(tx, {
    workspaceId: workspace.id,
    type: "testing",
    name: `${capitalizedLocalPart(ownerEmail)} Test API Key`,
    ownerEmail,
    createAuthToken: true,
  });
  return workspace.id;
}
