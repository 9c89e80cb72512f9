// The error statuses of the wire protocol. Domain code throws DomainError with one of them; only the
// transport knows how they become HTTP.
export const STATUSES = [
  "INVALID_ARGUMENT",
  "FAILED_PRECONDITION",
  "OUT_OF_RANGE",
  "UNAUTHENTICATED",
  "PERMISSION_DENIED",
  "NOT_FOUND",
  "ALREADY_EXISTS",
  "ABORTED",
  "RESOURCE_EXHAUSTED",
  "CANCELLED",
  "INTERNAL",
  "UNKNOWN",
  "DATA_LOSS",
  "UNIMPLEMENTED",
  "UNAVAILABLE",
  "DEADLINE_EXCEEDED",
] as const;

export type Status = (typeof STATUSES)[number];

export class DomainError extends Error {
  constructor(
    readonly status: Status,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = "DomainError";
  }
}

export const invalid = (message: string) => new DomainError("INVALID_ARGUMENT", message);
export const notFound = (message: string) => new DomainError("NOT_FOUND", message);
export const denied = (message: string) => new DomainError("PERMISSION_DENIED", message);
export const precondition = (message: string) => new DomainError("FAILED_PRECONDITION", message);
export const exhausted = (message: string) => new DomainError("RESOURCE_EXHAUSTED", message);
