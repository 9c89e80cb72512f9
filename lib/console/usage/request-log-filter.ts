// The request log's filters, shared by the page and its client table (no server imports). They live in the
// page's URL (`?outcome=clientError&requestId=req_1&since=2026-05-01T14:00:00Z`), so a filtered view can be
// shared and survives a reload; the page prefetches what the table then asks for.
export type RequestOutcome = "success" | "clientError" | "serverError";

export interface RequestLogFilter {
  outcome?: RequestOutcome;
  operation?: string;
  /** A request id, whole or its start. */
  requestId?: string;
  /** UTC times, `YYYY-MM-DDTHH:mm:ssZ`: calls at or after `since`, before `until`. */
  since?: string;
  until?: string;
}

export const outcomeLabels: Record<RequestOutcome, string> = {
  success: "Succeeded (below 400)",
  clientError: "Client errors (4xx)",
  serverError: "Server errors (5xx)",
};

const FILTER_KEYS = ["outcome", "operation", "requestId", "since", "until"] as const;

type SearchParamsLike = { get(name: string): string | null } | Record<string, string | string[] | undefined>;

function param(params: SearchParamsLike, name: string): string | undefined {
  const value = typeof params.get === "function" ? params.get(name) : (params as Record<string, unknown>)[name];
  return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
}

const UTC_MINUTE = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})(:\d{2})?(\.\d+)?Z?$/;

/**
 * A time as the filter keeps it (`2026-05-01T14:00:00Z`) from a URL parameter or a `datetime-local` input read
 * as UTC (`2026-05-01T14:00`); undefined when it is not such a time.
 */
export function utcTime(value: string | undefined): string | undefined {
  const m = value ? UTC_MINUTE.exec(value) : null;
  if (!m) return undefined;
  const time = `${m[1]}${m[2] ?? ":00"}Z`;
  return Number.isNaN(Date.parse(time)) ? undefined : time;
}

/** The filter a URL asks for; a value the log cannot filter by (an unknown outcome, a malformed time) is left out. */
export function filterFromSearchParams(params: SearchParamsLike): RequestLogFilter {
  const outcome = param(params, "outcome");
  return {
    ...(outcome && outcome in outcomeLabels && { outcome: outcome as RequestOutcome }),
    ...optional("operation", param(params, "operation")?.slice(0, 200)),
    ...optional("requestId", param(params, "requestId")?.slice(0, 200)),
    ...optional("since", utcTime(param(params, "since"))),
    ...optional("until", utcTime(param(params, "until"))),
  };
}

function optional<K extends string>(key: K, value: string | undefined) {
  return (value === undefined ? {} : { [key]: value }) as Partial<Record<K, string>>;
}

/** `?outcome=…&…` for a filter ("" for none), in a fixed order so one filter is one URL. */
export function searchOfFilter(filter: RequestLogFilter): string {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filter[key];
    if (value) params.set(key, value);
  }
  const search = params.toString();
  return search ? `?${search}` : "";
}

export function isFiltered(filter: RequestLogFilter): boolean {
  return FILTER_KEYS.some((key) => filter[key] !== undefined);
}
