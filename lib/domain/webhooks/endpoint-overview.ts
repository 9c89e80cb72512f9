import { z } from "zod";
import type { Reader } from "@/lib/infra/db";
import type { ApiKeyScope } from "../scope";
import { endpointView, findEndpoint } from "./endpoint-fields";
import { getEndpointHealth } from "./endpoint-health";
import { endpointAttemptSeries } from "./webhooks-store";

// One endpoint's page in the console (console-only): its settings, its health and its attempts over time
// (succeeded / failed per hour for a day, or per day for two weeks).

export const endpointOverviewInput = z.strictObject({
  endpointId: z.string().min(1).max(200),
  range: z.enum(["24h", "14d"]).default("24h"),
});

const RANGES = { "24h": { unit: "hour", ms: 23 * 3600_000 }, "14d": { unit: "day", ms: 13 * 24 * 3600_000 } } as const;

export async function getEndpointOverview(
  scope: ApiKeyScope,
  input: z.output<typeof endpointOverviewInput>,
  tx: Reader,
  now = new Date(),
) {
  const endpoint = await findEndpoint(tx, scope.apiKeyId, input.endpointId);
  const health = (await getEndpointHealth(scope, tx, now)).find((h) => h.id === endpoint.id)!;
  const { unit, ms } = RANGES[input.range];
  const series = await endpointAttemptSeries(tx, scope.apiKeyId, endpoint.id, new Date(now.getTime() - ms), unit, now);
  return { endpoint: endpointView(endpoint), health, range: input.range, unit, series };
}
