import { z } from "zod";
import { STATUSES } from "@/lib/domain/errors";
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

type Shared = Record<string, unknown>;

/** Points local "#/$defs/X" references at components.schemas, where references resolve in an OpenAPI document. */
const relink = <T>(value: T): T => JSON.parse(JSON.stringify(value).replaceAll('"#/$defs/', '"#/components/schemas/')) as T;

// Recursive schemas (a folder's subFolders) come out with local $defs; those move to `shared`, which
// becomes components.schemas. Name them with `.meta({ id })`.
function schemaOf(s: z.ZodType, io: "input" | "output", shared: Shared) {
  const { $schema: _, $defs, ...json } = z.toJSONSchema(s, { io, unrepresentable: "any", target: "draft-2020-12" }) as Record<string, unknown>;
  Object.assign(shared, relink($defs ?? {}));
  return relink(json);
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

function operation(e: Endpoint, shared: Shared) {
  const result = e.reply
    ? schemaOf(e.reply.schema, "output", shared)
    : {
        type: "object",
        required: ["status", "message", "data"],
        properties: { status: { const: "success" }, message: { const: e.message }, data: schemaOf(e.output, "output", shared) },
      };
  const errorCodes = [...new Set(Object.values(HTTP_STATUS))].sort();
  return {
    post: {
      operationId: e.path.replace(/^\//, "").replace(/[/-](\w)/g, (_, c: string) => c.toUpperCase()),
      summary: e.summary,
      security: SECURITY[e.auth],
      requestBody: {
        required: !e.dataOptional,
        content: {
          "application/json": {
            schema: { type: "object", required: e.dataOptional ? [] : ["data"], properties: { data: schemaOf(e.input, "input", shared) }, additionalProperties: false },
          },
        },
      },
      responses: {
        "200": {
          description: e.message,
          content: { "application/json": { schema: { type: "object", required: ["result"], properties: { result } } } },
        },
        ...Object.fromEntries(
          errorCodes.map((code) => [String(code), { description: "Error envelope", content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } }]),
        ),
      },
    },
  };
}

export function openApiDocument() {
  const list = endpoints as unknown as readonly Endpoint[];
  const shared: Shared = {};
  const paths = Object.fromEntries([...list].sort((a, b) => a.path.localeCompare(b.path)).map((e) => [e.path, operation(e, shared)]));
  return {
    openapi: "3.1.0",
    info: {
      title: "weft collaboration API",
      version: "2",
      description: "POST-only JSON API. Body {data}; success {result}; failure {error:{status,message}}. Headers accept the x-service-* names and their x-velt-* aliases.",
    },
    servers: [{ url: "http://localhost:3000" }],
    paths,
    components: {
      schemas: { Error: errorSchema, ...shared },
      securitySchemes: {
        workspaceId: { type: "apiKey", in: "header", name: "x-service-workspace-id" },
        workspaceAuthToken: { type: "apiKey", in: "header", name: "x-service-workspace-auth-token" },
        apiKey: { type: "apiKey", in: "header", name: "x-service-api-key" },
        apiKeyAuthToken: { type: "apiKey", in: "header", name: "x-service-auth-token" },
      },
    },
  };
}
