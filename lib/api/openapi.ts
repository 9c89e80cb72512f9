import { z } from "zod";
import { STATUSES } from "@/lib/domain/errors";
import { env } from "@/lib/infra/env";
import type { Endpoint } from "./define-endpoint";
import { HTTP_STATUS } from "./envelope";
import { endpoints } from "./registry";

// The OpenAPI 3.1 document, derived from the registry. `npm run openapi` writes the committed copy
// (openapi.json); a test fails when it drifts.

const SECURITY: Record<Endpoint["auth"], Record<string, string[]>[]> = {
  public: [],
  workspace: [{ workspaceId: [], workspaceAuthToken: [] }],
  apiKey: [{ apiKey: [], apiKeyAuthToken: [] }],
};

/** components.schemas being built, and the zod rendering each name stands for. */
interface Components {
  schemas: Record<string, unknown>;
  renderings: Map<string, string>;
}

// Schemas named with `.meta({ id })` (the contracts beside the domain verbs, recursive ones like a folder's
// subFolders) come out of zod as local $defs; they move to components.schemas and every operation that uses
// them points there. A name whose request-side rendering differs from its reply-side one (defaults,
// optional fields) gets an "Input" twin.
function schemaOf(s: z.ZodType, io: "input" | "output", components: Components) {
  const rendered = z.toJSONSchema(s, { io, unrepresentable: "any", target: "draft-2020-12" });
  const { $schema: _, $defs, ...json } = rendered as { $defs?: Record<string, unknown> } & Record<string, unknown>;
  const defs = Object.entries($defs ?? {});
  const names = new Map(defs.map(([name, def]) => [name, componentName(name, JSON.stringify(def), io, components)]));
  const local = /"#\/\$defs\/([^"]+)"/g;
  const relink = <T>(value: T): T =>
    JSON.parse(JSON.stringify(value).replace(local, (_m, n: string) => `"#/components/schemas/${names.get(n)}"`)) as T;
  for (const [name, def] of defs) components.schemas[names.get(name)!] = relink(def);
  return relink(json);
}

function componentName(name: string, rendering: string, io: "input" | "output", components: Components) {
  for (const candidate of [name, io === "input" ? `${name}Input` : `${name}Output`]) {
    const taken = components.renderings.get(candidate);
    if (taken === undefined || taken === rendering) {
      components.renderings.set(candidate, rendering);
      return candidate;
    }
  }
  throw new Error(`OpenAPI: two different schemas are named ${name}; give one of them another .meta({ id }).`);
}

const errorSchema = {
  type: "object",
  required: ["error"],
  properties: {
    error: {
      type: "object",
      required: ["status", "message"],
      properties: {
        status: { type: "string", enum: [...STATUSES] },
        message: { type: "string" },
        details: {},
      },
    },
  },
};

// The HTTP statuses weft answers with, each a shared response naming the statuses that map to it. The
// statuses of the protocol's table that no weft code path raises (UNAUTHENTICATED, CANCELLED, UNIMPLEMENTED,
// DEADLINE_EXCEEDED) share the `default` response instead of taking a line in every operation.
const ANSWERED = new Set([400, 403, 404, 409, 429, 500, 503]);
const ERROR_CODES = [...new Set(Object.values(HTTP_STATUS))].sort().filter((code) => ANSWERED.has(code));

const statusesOf = (match: (code: number) => boolean) =>
  Object.entries(HTTP_STATUS)
    .filter(([, c]) => match(c))
    .map(([s, c]) => (ANSWERED.has(c) ? s : `${s} ${c}`));

function errorResponses() {
  const envelope = { "application/json": { schema: { $ref: "#/components/schemas/Error" } } };
  return {
    ...Object.fromEntries(
      ERROR_CODES.map((code) => [
        `Error${code}`,
        { description: `Error envelope (${statusesOf((c) => c === code).join(", ")})`, content: envelope },
      ]),
    ),
    Error: { description: `Error envelope (${statusesOf((c) => !ANSWERED.has(c)).join(", ")})`, content: envelope },
  };
}

/**
 * An endpoint that also takes raw bytes: the bytes are `field`, its other (string) input fields are query
 * parameters, used only with that content type.
 */
function binaryRequest(e: Endpoint, field: string) {
  const input = z.toJSONSchema(e.input, { io: "input", unrepresentable: "any" }) as {
    properties?: Record<string, { description?: string }>;
    required?: string[];
  };
  const parameters = Object.entries(input.properties ?? {})
    .filter(([name]) => name !== field)
    .map(([name, schema]) => ({
      name,
      in: "query",
      required: input.required?.includes(name) ?? false,
      description: `With an application/octet-stream body: the input field ${name}.`,
      schema: { type: "string", ...(schema.description && { description: schema.description }) },
    }));
  return {
    parameters,
    content: {
      "application/octet-stream": { schema: { type: "string", contentMediaType: "application/octet-stream" } },
    },
  };
}

function operation(e: Endpoint, components: Components) {
  const result = e.reply
    ? schemaOf(e.reply.schema, "output", components)
    : {
        type: "object",
        required: ["status", "message", "data"],
        properties: {
          status: { const: "success" },
          message: { const: e.message },
          data: schemaOf(e.output, "output", components),
        },
      };
  const data = schemaOf(e.input, "input", components);
  const operationId = e.path.replace(/^\//, "").replace(/[/-](\w)/g, (_, c: string) => c.toUpperCase());
  // Every reply body is a named schema, as in Svix's document: a type name for generated clients.
  const replyName = `${operationId[0].toUpperCase()}${operationId.slice(1)}Reply`;
  const unwrapped = e.reply?.unwrapped;
  components.schemas[replyName] = unwrapped ? result : { type: "object", required: ["result"], properties: { result } };
  const binary = e.binaryBody && binaryRequest(e, e.binaryBody.field);
  return {
    post: {
      operationId,
      summary: e.summary,
      security: e.credentials === "body" ? [] : SECURITY[e.auth],
      parameters: [{ $ref: "#/components/parameters/IdempotencyKey" }, ...(binary?.parameters ?? [])],
      requestBody: {
        required: !e.dataOptional,
        content: {
          "application/json": {
            schema: {
              type: "object",
              required: e.dataOptional ? [] : ["data"],
              properties: { data },
              additionalProperties: false,
            },
          },
          ...binary?.content,
        },
      },
      responses: {
        [String(unwrapped?.httpStatus ?? 200)]: {
          description: unwrapped ? `${e.message} (not wrapped in result)` : e.message,
          content: { "application/json": { schema: { $ref: `#/components/schemas/${replyName}` } } },
        },
        ...Object.fromEntries(ERROR_CODES.map((c) => [String(c), { $ref: `#/components/responses/Error${c}` }])),
        default: { $ref: "#/components/responses/Error" },
      },
    },
  };
}

/**
 * The OpenAPI document. `serverUrl` is where the API is served; the committed openapi.json has none (its
 * operations then resolve against wherever the document is read from).
 */
export function openApiDocument(serverUrl?: string) {
  const list = endpoints as unknown as readonly Endpoint[];
  const components: Components = { schemas: {}, renderings: new Map() };
  const sorted = [...list].sort((a, b) => a.path.localeCompare(b.path));
  const paths = Object.fromEntries(sorted.map((e) => [e.path, operation(e, components)]));
  const schemas = Object.fromEntries(Object.entries(components.schemas).sort(([a], [b]) => a.localeCompare(b)));
  return {
    openapi: "3.1.0",
    info: {
      title: "weft collaboration API",
      version: "2",
      description:
        "POST-only JSON API. Body {data}; success {result}; failure {error:{status,message}}. Headers accept the x-service-* names and their x-velt-* aliases.",
    },
    ...(serverUrl && { servers: [{ url: serverUrl }] }),
    paths,
    components: {
      schemas: { Error: errorSchema, ...schemas },
      responses: errorResponses(),
      parameters: {
        IdempotencyKey: {
          name: "Idempotency-Key",
          in: "header",
          required: false,
          description:
            "weft extension: a retry with the same key and body gets the first reply (with Idempotent-Replayed: " +
            "true) instead of running again; kept 24 h per API key, workspace or client IP. See docs/idempotency.md.",
          schema: { type: "string", minLength: 1, maxLength: 255, pattern: "^[\\x20-\\x7e]+$" },
        },
      },
      securitySchemes: {
        workspaceId: { type: "apiKey", in: "header", name: "x-service-workspace-id" },
        workspaceAuthToken: { type: "apiKey", in: "header", name: "x-service-workspace-auth-token" },
        apiKey: { type: "apiKey", in: "header", name: "x-service-api-key" },
        apiKeyAuthToken: { type: "apiKey", in: "header", name: "x-service-auth-token" },
      },
    },
  };
}

/** The document as /api/openapi.json serves it: its server is WEFT_PUBLIC_URL, else the origin it was asked on. */
export function servedOpenApiDocument(request: Request) {
  const configured = env().WEFT_PUBLIC_URL;
  return openApiDocument(configured ? configured.replace(/\/+$/, "") : new URL(request.url).origin);
}
