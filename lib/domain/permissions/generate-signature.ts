import { createHmac } from "node:crypto";
import { z } from "zod";
import type { Tx } from "@/lib/infra/db";
import { batchOf } from "../batch";
import { accessRole, clientId } from "../fields";
import { RESOURCE_TYPES } from "./resources";
import { signingSecret } from "./signing-key";

// Generate Signature (unlisted in the hosted docs): signs the decisions a Permission Provider endpoint returns
// (Update Permission Provider Config), so that they cannot be altered on their way. The signature is the hex
// HMAC-SHA256 of the JSON text of `permissions` (each decision's fields in the order of the schema below, absent
// ones left out), keyed with a key derived from the API key's own signing secret: only weft can make or check
// one. docs/tokens.md.

export const generateSignatureInput = z.strictObject({
  permissions: batchOf(
    z.strictObject({
      userId: clientId,
      resourceId: clientId,
      type: z.enum(RESOURCE_TYPES),
      hasAccess: z.boolean(),
      accessRole: accessRole.optional(),
      expiresAt: z.number().int().min(0).optional().describe("UTC milliseconds."),
    }),
  ),
});

type Decision = z.output<typeof generateSignatureInput>["permissions"][number];

const PURPOSE = "weft permission decisions v1";

/** The decisions in their signed form: fields in one fixed order, absent ones left out. */
export function signedText(permissions: readonly Decision[]): string {
  return JSON.stringify(
    permissions.map((p) => ({
      userId: p.userId,
      resourceId: p.resourceId,
      type: p.type,
      hasAccess: p.hasAccess,
      ...(p.accessRole !== undefined && { accessRole: p.accessRole }),
      ...(p.expiresAt !== undefined && { expiresAt: p.expiresAt }),
    })),
  );
}

export async function generateSignature(
  scope: { apiKeyId: string },
  input: z.output<typeof generateSignatureInput>,
  tx: Tx,
) {
  const key = createHmac("sha256", await signingSecret(tx, scope.apiKeyId))
    .update(PURPOSE)
    .digest();
  return { signature: createHmac("sha256", key).update(signedText(input.permissions)).digest("hex") };
}
