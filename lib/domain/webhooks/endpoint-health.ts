import type { Reader } from "@/lib/infra/db";
import type { ApiKeyScope } from "../scope";
import { disableAfterMs } from "./retry-schedule";
import { endpointAttemptStats } from "./webhooks-store";

// Every endpoint of a key as a dashboard shows it (console-only): its name, whether it works, the last success,
// the failure rate over the last 24 hours, and, when disabled, why.

const DAY_MS = 24 * 3600_000;

export type EndpointState = "healthy" | "failing" | "disabled" | "new";

export interface EndpointHealth {
  id: string;
  /** The description, or the URL when it has none. */
  name: string;
  url: string;
  state: EndpointState;
  disabledReason: string | null;
  failingSince: string | null;
  lastSuccessAt: string | null;
  lastAttemptAt: string | null;
  attempts24h: number;
  failures24h: number;
}

export const endpointName = (e: { description: string; url: string }) => e.description.trim() || e.url;

export async function getEndpointHealth(scope: ApiKeyScope, tx: Reader, now = new Date()): Promise<EndpointHealth[]> {
  const endpoints = await tx.webhookEndpoint.findMany({
    where: { apiKeyId: scope.apiKeyId },
    select: { id: true, url: true, description: true, disabled: true, failingSince: true },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  const stats = new Map(
    (await endpointAttemptStats(tx, scope.apiKeyId, new Date(now.getTime() - DAY_MS))).map((s) => [s.endpointId, s]),
  );
  return endpoints.map((e) => {
    const s = stats.get(e.id);
    const autoDisabled = e.disabled && e.failingSince && now.getTime() - e.failingSince.getTime() >= disableAfterMs();
    const state: EndpointState = e.disabled ? "disabled" : e.failingSince ? "failing" : s ? "healthy" : "new";
    return {
      id: e.id,
      name: endpointName(e),
      url: e.url,
      state,
      disabledReason: !e.disabled
        ? null
        : autoDisabled
          ? `Disabled automatically: every attempt failed since ${e.failingSince!.toISOString()}.`
          : "Disabled by an update (its disabled flag is set).",
      failingSince: e.failingSince?.toISOString() ?? null,
      lastSuccessAt: s?.lastSuccessAt?.toISOString() ?? null,
      lastAttemptAt: s?.lastAttemptAt?.toISOString() ?? null,
      attempts24h: s?.attempts ?? 0,
      failures24h: s?.failures ?? 0,
    };
  });
}
