import { randomUUID } from "node:crypto";
import type { TRPCMutationProcedure, TRPCQueryProcedure } from "@trpc/server";
import type { z } from "zod";
import type { Endpoint, Scope, ScopeFor } from "@/lib/api/define-endpoint";
import { endpoints, type EndpointList } from "@/lib/api/registry";
import { shapeOutput, stringifyReply } from "@/lib/api/reply-json";
import { runOperation } from "@/lib/api/run-operation";
import type { Need } from "@/lib/domain/teams/roles";
import { scopedInput, type ScopedInput } from "./scoped-input";
import { apiKeyProcedure, workspaceProcedure } from "./trpc";

// The REST operations an owner may run, as procedures derived from the registry: one per entry whose auth is
// `workspace` or `apiKey`, at the entry's path (`/v2/workspace/apikey/update` → `v2.workspace.apikey.update`),
// (a path that is also the start of others, `/v2/organizations/documents/migrate`, goes to `….migrate.index`, and
// so does one whose last segment tRPC's proxies reserve, `/v2/crdt/apply` → `v2.crdt.apply.index`),
// with its input schema (as `data`), `writes` → a mutation run in the one transaction, its output schema,
// and its messages. Each runs exactly as the dispatcher runs it (run-operation.ts), for the scope the console
// session resolves (trpc.ts) instead of the credential headers. Public entries (Create Workspace, Send Login
// Link) are not the console's: it has its own procedures with the console's rules.

type OwnerEntry = Extract<EndpointList[number], { auth: "workspace" | "apiKey" }>;

type Def<E extends OwnerEntry> = {
  input: ScopedInput<E["auth"], E["input"]>;
  output: z.output<E["output"]>;
  meta: object;
};
type ProcedureOf<E extends OwnerEntry> = E extends { writes?: true }
  ? TRPCMutationProcedure<Def<E>>
  : TRPCQueryProcedure<Def<E>>;

type Split<S extends string> = S extends `${infer Head}/${infer Tail}` ? [Head, ...Split<Tail>] : [S];
type Nest<Segments extends string[], Leaf> = Segments extends [
  infer Head extends string,
  ...infer Tail extends string[],
]
  ? { [K in Head]: Tail extends [] ? Leaf : Nest<Tail, Leaf> }
  : never;
type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;
type Segments<P extends string> = P extends `/${infer Path}`
  ? Extract<OwnerEntry["path"], `${P}/${string}`> extends never
    ? P extends `${string}/${Reserved}`
      ? [...Split<Path>, typeof INDEX]
      : Split<Path>
    : [...Split<Path>, typeof INDEX]
  : never;
type TreeOf<E> = E extends OwnerEntry ? Nest<Segments<E["path"]>, ProcedureOf<E>> : never;

/** `{ v1: {...}, v2: { workspace: { apikey: { update: <mutation> }, ... }, ... } }` */
export type OperationRecord = UnionToIntersection<TreeOf<OwnerEntry>>;

/**
 * What a REST operation needs of the viewer's role: a credential's reveal or rotation (`secret` in the registry)
 * needs `secret`; a workspace-level change (keys, tokens) `manage`; another change `write`; a read `read`.
 */
export function needOf(endpoint: Endpoint): Need {
  if (endpoint.secret) return "secret";
  if (!endpoint.writes) return "read";
  return endpoint.auth === "workspace" ? "manage" : "write";
}

/** The operation's name in the audit log, from its summary: "Get Auth Tokens". */
export const labelOf = (endpoint: Endpoint) => endpoint.summary.split(/[.(:,]/)[0].trim();

function procedureFor(endpoint: Endpoint) {
  const base = (endpoint.auth === "apiKey" ? apiKeyProcedure : workspaceProcedure).meta({
    need: needOf(endpoint),
    label: labelOf(endpoint),
  });
  const built = base.input(
    scopedInput(endpoint.auth as "workspace" | "apiKey", endpoint.input, endpoint.invalidInputMessage),
  );
  const run = async ({ ctx, input }: { ctx: { scope: Scope; clientIp: string }; input: { data: unknown } }) => {
    const output = await runOperation(
      endpoint,
      input.data,
      ctx.scope as ScopeFor<Endpoint["auth"]>,
      `console-${randomUUID()}`,
      ctx.clientIp,
    );
    // Replies keyed by client ids are null-prototype objects (a `__proto__` id survives); the console gets the
    // plain objects the REST client would parse, which React can hand from server to client components; shaped
    // and serialised as the dispatcher does it (a big page's JSON text from the database is spliced in: the
    // shaped output itself goes to stringifyReply, which looks for that text one level down).
    const shaped = shapeOutput(endpoint, output);
    return shaped === undefined ? undefined : JSON.parse(stringifyReply(shaped as Record<string, unknown>));
  };
  return endpoint.writes ? built.mutation(run) : built.query(run);
}

/** Where a path that also starts other paths, or ends in a reserved word, puts its own procedure. */
const INDEX = "index";
/** Names tRPC's proxies read as Function.prototype's (`caller.v2.crdt.apply(input)` would call `v2.crdt`). */
const RESERVED = ["then", "call", "apply"] as const;
type Reserved = (typeof RESERVED)[number];

const owned = (endpoints as unknown as readonly Endpoint[]).filter((e) => e.auth !== "public");

/** The procedure of a REST path, as segments: `/v2/workspace/apikey/update` → v2, workspace, apikey, update. */
export function operationSegments(path: string): string[] {
  const segments = path.slice(1).split("/");
  const reserved = (RESERVED as readonly string[]).includes(segments.at(-1)!);
  return reserved || owned.some((e) => e.path.startsWith(`${path}/`)) ? [...segments, INDEX] : segments;
}

function buildTree() {
  const root: Record<string, unknown> = {};
  for (const endpoint of owned) {
    const segments = operationSegments(endpoint.path);
    let node = root;
    for (const segment of segments.slice(0, -1)) {
      const next = (node[segment] ??= {});
      if (typeof next !== "object" || next === null || "_def" in next) {
        throw new Error(`console router: ${endpoint.path} runs into a procedure's path`);
      }
      node = next as Record<string, unknown>;
    }
    const leaf = segments.at(-1)!;
    if (leaf in node) throw new Error(`console router: ${endpoint.path} is also a prefix of another path`);
    node[leaf] = procedureFor(endpoint);
  }
  return root;
}

export const operationRecord = buildTree() as OperationRecord;
