import { z } from "zod";

// Request fields of the CRDT endpoints. The messages a schema sets here are the hosted API's strings.

export const CRDT_TYPES = ["text", "map", "array", "xml"] as const;
export type CrdtType = (typeof CRDT_TYPES)[number];

export const DEFAULT_CONTENT_KEY = "content";

/** A required id whose absence gets the hosted API's message ("Editor ID is required."). */
export function requiredId(field: string, missing: string) {
  return z
    .string({ error: (iss) => (iss.input === undefined ? missing : `${field} must be a string.`) })
    .min(1, { error: missing })
    .max(512);
}

/** The fields naming one editor, with the hosted API's messages. */
export const editorRefFields = {
  organizationId: requiredId("organizationId", "Organization ID is required."),
  documentId: requiredId("documentId", "Document ID is required."),
  editorId: requiredId("editorId", "Editor ID is required."),
};

/** A Yjs update or state vector in base64 (standard or URL-safe alphabet). */
export function base64Field(field: string) {
  return z
    .string()
    .regex(/^[A-Za-z0-9+/_-]*={0,2}$/, { error: `${field} must be base64.` })
    .transform((s) => new Uint8Array(Buffer.from(s, s.includes("-") || s.includes("_") ? "base64url" : "base64")));
}

const content = z.union([z.string(), z.record(z.string(), z.unknown()), z.array(z.unknown())], {
  error: (iss) => (iss.input === undefined ? "data is required." : "data must be a string, an object or an array."),
});

/** Why `data` does not fit `type`, or undefined when it does. */
export function contentMismatch(type: CrdtType, data: unknown): string | undefined {
  const isObject = typeof data === "object" && data !== null && !Array.isArray(data);
  if ((type === "text" || type === "xml") && typeof data !== "string") return `Data must be a string for type ${type}.`;
  if (type === "map" && !isObject) return "Data must be an object for type map.";
  if (type === "array" && !Array.isArray(data)) return "Data must be an array for type array.";
  return undefined;
}

/** The body of Add and Update CRDT Data. */
export const crdtWriteInput = z
  .strictObject({
    ...editorRefFields,
    data: content,
    type: z.enum(CRDT_TYPES),
    contentKey: z.string().min(1).max(200).optional(),
  })
  .superRefine((v, ctx) => {
    const problem = contentMismatch(v.type, v.data);
    if (problem) ctx.addIssue({ code: "custom", message: problem, path: ["data"] });
  });

export type CrdtWriteInput = z.output<typeof crdtWriteInput>;
