import type { z } from "zod";
import { encryptSecret } from "@/lib/infra/crypto";
import { endpointSecretAad } from "./endpoint-secret";
import type { Tx } from "@/lib/infra/db";
import { newId } from "@/lib/infra/ids";
import { DomainError } from "../errors";
import type { ApiKeyScope } from "../scope";
import { requireAdvancedEnabled } from "./advanced-settings";
import { endpointView, newSigningSecret } from "./endpoint-fields";
import type { createEndpointInput } from "./endpoint-input";

export async function createEndpoint(scope: ApiKeyScope, input: z.output<typeof createEndpointInput>, tx: Tx) {
  await requireAdvancedEnabled(tx, scope.apiKeyId);
  if (
    input.uid &&
    (await tx.webhookEndpoint.findFirst({ where: { apiKeyId: scope.apiKeyId, uid: input.uid }, select: { id: true } }))
  ) {
    throw new DomainError("ALREADY_EXISTS", "An endpoint with this uid already exists.");
  }
  const id = newId("ep");
  const endpoint = await tx.webhookEndpoint.create({
    data: {
      id,
      apiKeyId: scope.apiKeyId,
      url: input.url,
      description: input.description ?? "",
      filterTypes: input.filterTypes ?? undefined,
      channels: input.channels ?? undefined,
      disabled: input.disabled ?? false,
      rateLimit: input.rateLimit ?? null,
      uid: input.uid ?? null,
      metadata: input.metadata ?? {},
      secretEnc: encryptSecret(newSigningSecret(), endpointSecretAad(id)),
    },
  });
  return endpointView(endpoint);
}
