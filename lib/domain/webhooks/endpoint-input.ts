import { z } from "zod";
import { isHttpUrl } from "./http-url";

// The advanced webhook endpoint operations' inputs, without server imports: the console's endpoint form checks
// with them in the browser (lib/console/service-forms.ts).

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

export const createEndpointInput = z.strictObject({ ...endpointFields, uid: z.string().min(1).max(256).optional() });

const NOTHING = "At least one endpoint field besides endpointId must be provided.";

export const updateEndpointInput = z
  .strictObject({ endpointId: z.string().min(1).max(200), ...endpointFields, url: endpointFields.url.optional() })
  .refine((v) => Object.entries(v).some(([k, x]) => k !== "endpointId" && x !== undefined), { error: NOTHING });
