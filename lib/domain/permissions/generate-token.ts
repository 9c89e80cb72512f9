import { z } from "zod";
import type { Tx } from "@/lib/infra/db";
import { MAX_BATCH } from "../batch";
import { clientId, email } from "../fields";
import type { ApiKeyScope } from "../scope";
import { granted, resource } from "./resources";
import { signUserToken } from "./user-token";

export const generateTokenInput = z.strictObject({
  userId: clientId,
  userProperties: z.strictObject({
    isAdmin: z.boolean().optional(),
    name: z.string().min(1).max(500),
    email,
  }),
  permissions: z.strictObject({ resources: z.array(resource).max(MAX_BATCH) }),
});

/** A signed token carrying the user and the resources granted; nothing is stored. */
export async function generateToken(scope: ApiKeyScope, input: z.output<typeof generateTokenInput>, tx: Tx) {
  const token = await signUserToken(tx, scope.apiKeyId, {
    userId: input.userId,
    userProperties: {
      isAdmin: input.userProperties.isAdmin ?? false,
      name: input.userProperties.name,
      email: input.userProperties.email,
    },
    permissions: { resources: input.permissions.resources.map(granted) },
  });
  return { token };
}

/**
 * v1 Generate Token (/v1/auth/token/get): the API key and its auth token come in the body (the dispatcher
 * checks them), the user's organization in userProperties. The token grants that organization at the
 * default role, which is what a v1 token's organizationId meant.
 */
export const generateTokenV1Input = z.strictObject({
  apiKey: z.string().max(512),
  authToken: z.string().max(512),
  userId: clientId,
  userProperties: z
    .strictObject({
      organizationId: clientId,
      isAdmin: z.boolean().optional(),
      email: email.optional(),
      name: z.string().min(1).max(500).optional(),
    })
    .optional(),
});

export async function generateTokenV1(scope: ApiKeyScope, input: z.output<typeof generateTokenV1Input>, tx: Tx) {
  const p = input.userProperties;
  const token = await signUserToken(tx, scope.apiKeyId, {
    userId: input.userId,
    userProperties: {
      isAdmin: p?.isAdmin ?? false,
      ...(p?.name !== undefined && { name: p.name }),
      ...(p?.email !== undefined && { email: p.email }),
    },
    permissions: { resources: p ? [granted({ type: "organization", id: p.organizationId })] : [] },
  });
  return { token };
}
