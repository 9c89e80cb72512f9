import type { z } from "zod";
import type { Tx } from "@/lib/infra/db";
import type { ApiKeyScope } from "../scope";
import { requireAdvancedEnabled } from "./advanced-settings";
import { endpointView, findEndpoint } from "./endpoint-fields";
import type { updateEndpointInput } from "./endpoint-input";

/** Partial update. Re-enabling an endpoint forgets its failure streak. */
export async function updateEndpoint(scope: ApiKeyScope, input: z.output<typeof updateEndpointInput>, tx: Tx) {
  await requireAdvancedEnabled(tx, scope.apiKeyId);
  const { endpointId, ...fields } = input;
  await findEndpoint(tx, scope.apiKeyId, endpointId);
  const updated = await tx.webhookEndpoint.update({
    where: { id: endpointId, apiKeyId: scope.apiKeyId },
    data: {
      url: fields.url,
      description: fields.description,
      filterTypes: fields.filterTypes,
      channels: fields.channels,
      disabled: fields.disabled,
      rateLimit: fields.rateLimit,
      metadata: fields.metadata,
      ...(fields.disabled === false && { failingSince: null }),
    },
  });
  return endpointView(updated);
}
