import type { RequestLogFilter } from "./request-log-filter";

// react-query keys of a key's traffic views.
export const usageKeys = {
  requests: (apiKeyId: string, filter: RequestLogFilter, before?: string) =>
    ["requests", apiKeyId, filter.outcome ?? "all", filter.operation ?? "all", before ?? "first"] as const,
  firstCall: (apiKeyId: string) => ["requests", apiKeyId, "first-call"] as const,
};
