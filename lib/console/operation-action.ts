import { randomUUID } from "node:crypto";
import { InvalidInput, parseInput } from "@/lib/api/parse-input";
import { runOperation } from "@/lib/api/run-operation";
import { registry } from "@/lib/api/registry";
import { shapeOutput, stringifyReply } from "@/lib/api/reply-json";
import type { ApiAuth, ApiOutput, ConsolePath } from "@/lib/api/client";
import { DomainError, notFound } from "@/lib/domain/errors";
import { db } from "@/lib/infra/db";
import { errorFields, log } from "@/lib/infra/log";
import type { Viewer } from "./access";
import type { ActionResult } from "./action-result";
import { FAILED, scopeOf, SIGNED_OUT, type Targets } from "./run-action";

// The console's one generic action (operations.ts adds the session): the viewer names a registry operation,
// its input and the workspace (and key) it acts on; access.ts turns that into the scope the REST API would
// have authenticated; the input is parsed and the operation run and its output shaped exactly as the
// dispatcher does it (parseInput, runOperation, shapeOutput).

/** What the client names besides the input: the workspace, and the key for key-level operations. */
export type OperationTarget<P extends ConsolePath> =
  ApiAuth<P> extends "apiKey" ? Targets["apiKey"] : Targets["workspace"];

const UNKNOWN_OPERATION = "Unknown operation.";

export async function runOperationAction<P extends ConsolePath>(
  path: P,
  viewer: Viewer | null,
  input: unknown,
  target: unknown,
  clientIp: string,
): Promise<ActionResult<ApiOutput<P>>> {
  try {
    if (!viewer) return { ok: false, error: SIGNED_OUT };
    const endpoint = registry.get(path);
    if (!endpoint || endpoint.auth === "public") throw notFound(UNKNOWN_OPERATION);
    const scope = await scopeOf(endpoint.auth, viewer, target, db());
    const parsed = parseInput(endpoint, input ?? {});
    const output = await runOperation(endpoint, parsed, scope, `console-${randomUUID()}`, clientIp);
    // Replies keyed by client ids are null-prototype objects (so a `__proto__` id survives), which React's
    // server-action serializer refuses: hand the console the plain objects the REST client would parse.
    const data = JSON.parse(stringifyReply({ data: shapeOutput(endpoint, output) })).data as ApiOutput<P>;
    return { ok: true, data };
  } catch (e) {
    if (e instanceof InvalidInput) return { ok: false, error: e.message, ...(e.field && { field: e.field }) };
    if (e instanceof DomainError) return { ok: false, error: e.message };
    log.error("console operation failed", { path, ...errorFields(e) });
    return { ok: false, error: FAILED };
  }
}
