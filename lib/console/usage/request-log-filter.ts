// The request log's filters, shared by the page and its client table (no server imports).
export type RequestOutcome = "success" | "clientError" | "serverError";

export interface RequestLogFilter {
  outcome?: RequestOutcome;
  operation?: string;
}

export const outcomeLabels: Record<RequestOutcome, string> = {
  success: "Succeeded (below 400)",
  clientError: "Client errors (4xx)",
  serverError: "Server errors (5xx)",
};
