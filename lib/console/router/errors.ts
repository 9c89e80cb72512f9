import { StandardSchemaV1Error, TRPCError, type TRPC_ERROR_CODE_KEY } from "@trpc/server";
import { HTTP_STATUS } from "@/lib/api/envelope";
import { InvalidInput } from "@/lib/api/parse-input";
import { formatPath } from "@/lib/api/validation";
import { DomainError, type Status } from "@/lib/domain/errors";

// How the console's router answers a failure: the domain's status and message (the REST API's words), and for
// invalid input the path of the field it is about, so a form can show it at that input. The tRPC code (and so
// the HTTP status) follows the one status table of the REST API (lib/api/envelope.ts).

export const SIGNED_OUT = "Your session has ended. Sign in again.";
export const FAILED = "Something went wrong. Try again.";

const CODE_BY_HTTP_STATUS: Record<number, TRPC_ERROR_CODE_KEY> = {
  400: "BAD_REQUEST",
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  409: "CONFLICT",
  429: "TOO_MANY_REQUESTS",
  499: "CLIENT_CLOSED_REQUEST",
  500: "INTERNAL_SERVER_ERROR",
  501: "NOT_IMPLEMENTED",
  503: "SERVICE_UNAVAILABLE",
  504: "GATEWAY_TIMEOUT",
};

/** A DomainError as the TRPCError that carries it (the formatter reads the cause). */
export function trpcErrorOf(e: DomainError): TRPCError {
  return new TRPCError({ code: CODE_BY_HTTP_STATUS[HTTP_STATUS[e.status]], message: e.message, cause: e });
}

/** What `error.data` holds for the console beside tRPC's own fields. */
export interface ConsoleErrorData {
  /** The wire status (`NOT_FOUND`, `INVALID_ARGUMENT`, ...). */
  status: Status;
  /** The input field a refusal is about, as a path (`apiKeyName`, `aiModelApiKey[0].customerApiKey`). */
  field?: string;
}

/** The status, message and field of any failure; anything unexpected is one generic sentence. */
export function describeFailure(error: TRPCError): ConsoleErrorData & { message: string } {
  const cause = error.cause;
  if (cause instanceof StandardSchemaV1Error) {
    const issue = cause.issues[0];
    const path = (issue?.path ?? []).map((p) => (typeof p === "object" ? p.key : p));
    return { status: "INVALID_ARGUMENT", message: issue?.message ?? "Invalid input.", ...fieldOf(path) };
  }
  if (cause instanceof InvalidInput) return { status: cause.status, message: cause.message, ...fieldOf(cause.path) };
  if (cause instanceof DomainError) return { status: cause.status, message: cause.message };
  if (error.code === "UNAUTHORIZED") return { status: "UNAUTHENTICATED", message: error.message };
  if (error.code === "FORBIDDEN") return { status: "PERMISSION_DENIED", message: error.message };
  // tRPC's own refusals (an unknown procedure, a wrong method, a body that is not JSON) keep their message.
  if (error.code === "NOT_FOUND") return { status: "NOT_FOUND", message: error.message };
  if (error.code === "BAD_REQUEST" || error.code === "PARSE_ERROR" || error.code === "METHOD_NOT_SUPPORTED") {
    return { status: "INVALID_ARGUMENT", message: error.message };
  }
  return { status: "INTERNAL", message: FAILED };
}

function fieldOf(path: readonly PropertyKey[]): { field?: string } {
  return path.length ? { field: formatPath(path) } : {};
}
