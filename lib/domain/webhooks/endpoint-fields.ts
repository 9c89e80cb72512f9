import { randomBytes } from "node:crypto";
import { z } from "zod";
import { notFound } from "../errors";
import { isHttpUrl } from "./http-url";
import type { Reader } from "@/lib/infra/db";
import type { WebhookEndpoint } from "./webhooks-contract";

// Advanced webhook endpoint records: input fields, the wire view (unset optional fields are explicit null),
// secrets and the lookup every endpoint operation shares.

export const ENDPOINT_NOT_FOUND = "Advanced webhook provider request failed.";
const BAD_URL = "url must be a valid http(s) URL.";

export const endpointUrl = z.string().max(2000).refine(isHttpUrl, { error: BAD_URL });
const eventTypes = z.array(z.string().min(1).max(100)).min(1).max(100);

export const endpointFields = {
  url: endpointUrl,
  description: z.string().max(1000).optional(),
  filterTypes: eventTypes.optional(),
  channels: z.array(z.string().min(1).max(128)).min(1).max(10).optional(),
  disabled: z.boolean().optional(),
  rateLimit: z.number().int().min(1).max(100_000).optional(),
  metadata: z.record(z.string().max(200), z.string().max(2000)).optional(),
};

export const endpointIdInput = z.strictObject({ endpointId: z.string().min(1).max(200) });

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
