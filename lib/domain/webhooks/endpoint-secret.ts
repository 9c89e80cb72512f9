import type { z } from "zod";
import { decryptSecret, encryptSecret, secretAad } from "@/lib/infra/crypto";
import type { Reader, Tx } from "@/lib/infra/db";
import type { ApiKeyScope } from "../scope";
import { requireAdvancedEnabled } from "./advanced-settings";
import { findEndpoint, newSigningSecret } from "./endpoint-fields";
import type { endpointIdInput } from "./endpoint-input";

/** Both the current and the rotated-out secret of an endpoint (the rotation moves one into the other). */
export const endpointSecretAad = (endpointId: string) => secretAad("WebhookEndpoint", "secret", endpointId);

/** How long a rotated-out secret keeps signing beside the new one. */
export const PREVIOUS_SECRET_TTL_MS = 24 * 60 * 60 * 1000;

export async function getEndpointSecret(scope: ApiKeyScope, input: z.output<typeof endpointIdInput>, tx: Reader) {
  await requireAdvancedEnabled(tx, scope.apiKeyId);
  const endpoint = await findEndpoint(tx, scope.apiKeyId, input.endpointId);
  return { endpointId: endpoint.id, secret: decryptSecret(endpoint.secretEnc, endpointSecretAad(endpoint.id)) };
}

/** A new secret; deliveries carry signatures with both secrets for the next 24 hours. */
export async function rotateEndpointSecret(scope: ApiKeyScope, input: z.output<typeof endpointIdInput>, tx: Tx) {
  await requireAdvancedEnabled(tx, scope.apiKeyId);
  const endpoint = await findEndpoint(tx, scope.apiKeyId, input.endpointId);
  const secret = newSigningSecret();
  await tx.webhookEndpoint.update({
    where: { id: endpoint.id, apiKeyId: scope.apiKeyId },
    data: {
      secretEnc: encryptSecret(secret, endpointSecretAad(endpoint.id)),
      previousSecretEnc: endpoint.secretEnc,
      previousSecretExpiresAt: new Date(Date.now() + PREVIOUS_SECRET_TTL_MS),
    },
  });
  return { endpointId: endpoint.id, secret };
}
