import { z } from "zod";
import type { Tx } from "@/lib/infra/db";
import type { ApiKeyScope } from "../scope";
import { requireAdvancedEnabled } from "./advanced-settings";
import { endpointFields, endpointView, findEndpoint } from "./endpoint-fields";

const NOTHING = "At least one endpoint field besides endpointId must be provided.";

export const updateEndpointInput = z
  .strictObject({ endpointId: z.string().min(1).max(200), ...endpointFields, url: endpointFields.url.optional() })
  .refine((v) => Object.entries(v).some(([k, x]) => k !== "endpointId" && x !== undefined), { error: NOTHING });

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
