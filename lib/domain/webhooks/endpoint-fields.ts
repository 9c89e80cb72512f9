import { randomBytes } from "node:crypto";
import { notFound } from "../errors";
import type { Reader } from "@/lib/infra/db";
import type { WebhookEndpoint } from "./webhooks-contract";

// Advanced webhook endpoint records (their inputs: endpoint-input.ts): the wire view (unset optional fields are explicit null),
// secrets and the lookup every endpoint operation shares.

export const ENDPOINT_NOT_FOUND = "Advanced webhook provider request failed.";

export function newSigningSecret(): string {
  return `whsec_${randomBytes(24).toString("base64")}`;
}

export interface EndpointRow {
  id: string;
  url: string;
  description: string;
  filterTypes: unknown;
  channels: unknown;
  disabled: boolean;
  rateLimit: number | null;
  uid: string | null;
  metadata: unknown;
  createdAt: Date;
  updatedAt: Date;
}

export function endpointView(e: EndpointRow): WebhookEndpoint {
  return {
    id: e.id,
    url: e.url,
    description: e.description,
    filterTypes: (e.filterTypes as string[] | null) ?? null,
    channels: (e.channels as string[] | null) ?? null,
    disabled: e.disabled,
    rateLimit: e.rateLimit,
    uid: e.uid,
    metadata: (e.metadata ?? {}) as Record<string, string>,
    createdAt: e.createdAt.toISOString(),
    updatedAt: e.updatedAt.toISOString(),
  };
}

export async function findEndpoint(tx: Reader, apiKeyId: string, endpointId: string) {
  const endpoint = await tx.webhookEndpoint.findFirst({ where: { apiKeyId, id: endpointId } });
  if (!endpoint) throw notFound(ENDPOINT_NOT_FOUND);
  return endpoint;
}

/** Whether an endpoint takes an event type: no filter means every type. */
export function endpointWants(filterTypes: unknown, type: string): boolean {
  const list = filterTypes as string[] | null;
  return !list || list.includes(type);
}
