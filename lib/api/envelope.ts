import type { Status } from "@/lib/domain/errors";
import { textResponse } from "./reply-text";

// The callable-function protocol's mapping from status string to HTTP status: the one table in the code.
export const HTTP_STATUS: Record<Status, number> = {
  INVALID_ARGUMENT: 400,
  FAILED_PRECONDITION: 400,
  OUT_OF_RANGE: 400,
  UNAUTHENTICATED: 401,
  PERMISSION_DENIED: 403,
  NOT_FOUND: 404,
  ALREADY_EXISTS: 409,
  ABORTED: 409,
  RESOURCE_EXHAUSTED: 429,
  CANCELLED: 499,
  INTERNAL: 500,
  UNKNOWN: 500,
  DATA_LOSS: 500,
  UNIMPLEMENTED: 501,
  UNAVAILABLE: 503,
  DEADLINE_EXCEEDED: 504,
};

export interface ErrorBody {
  error: { status: Status; message: string; details?: unknown };
}

function json(body: unknown, status: number, requestId: string, extra?: Record<string, string>) {
  return textResponse(JSON.stringify(body), {
    status,
    headers: {
      "content-type": "application/json; charset=utf-8",
      "cache-control": "no-store",
      "x-request-id": requestId,
      ...extra,
    },
  });
}

export function successResponse(
  result: Record<string, unknown>,
  requestId: string,
  unwrapped?: { httpStatus: number },
) {
  return unwrapped ? json(result, unwrapped.httpStatus, requestId) : json({ result }, 200, requestId);
}

export function errorResponse(
  status: Status,
  message: string,
  requestId: string,
  opts: { details?: unknown; httpStatus?: number; headers?: Record<string, string> } = {},
) {
  const error: ErrorBody["error"] = { status, message };
  if (opts.details !== undefined) error.details = opts.details;
  return json({ error }, opts.httpStatus ?? HTTP_STATUS[status], requestId, opts.headers);
}
