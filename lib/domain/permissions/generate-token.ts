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
