import { z } from "zod";
import type { Reader } from "@/lib/infra/db";
import type { ApiKeyScope } from "../scope";
import { requireAdvancedEnabled } from "./advanced-settings";
import { endpointView } from "./endpoint-fields";
import { iteratorInput, iteratorPage } from "./iterator";

export const getEndpointsInput = z.strictObject(iteratorInput);

/** Oldest first. */
export async function getEndpoints(scope: ApiKeyScope, input: z.output<typeof getEndpointsInput>, tx: Reader) {
  await requireAdvancedEnabled(tx, scope.apiKeyId);
  const page = await iteratorPage(input, "asc", (bound, orderBy, take) =>
    tx.webhookEndpoint.findMany({ where: { AND: [{ apiKeyId: scope.apiKeyId }, bound] }, orderBy, take }),
  );
  return {
    endpoints: page.items.map(endpointView),
    iterator: page.iterator,
    prevIterator: page.prevIterator,
    done: page.done,
  };
}
