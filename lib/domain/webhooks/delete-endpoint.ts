import type { z } from "zod";
import type { Tx } from "@/lib/infra/db";
import type { ApiKeyScope } from "../scope";
import { requireAdvancedEnabled } from "./advanced-settings";
import { findEndpoint } from "./endpoint-fields";
import type { endpointIdInput } from "./endpoint-input";

/** Permanent: the secret goes with the endpoint, and its pending deliveries with it. */
export async function deleteEndpoint(scope: ApiKeyScope, input: z.output<typeof endpointIdInput>, tx: Tx) {
  await requireAdvancedEnabled(tx, scope.apiKeyId);
  await findEndpoint(tx, scope.apiKeyId, input.endpointId);
  await tx.webhookEndpoint.deleteMany({ where: { id: input.endpointId, apiKeyId: scope.apiKeyId } });
  return { endpointId: input.endpointId, deleted: true };
}
