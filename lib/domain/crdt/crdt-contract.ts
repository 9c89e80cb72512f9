import { z } from "zod";
import { CRDT_TYPES } from "./crdt-input";

// Output schemas of the CRDT extensions (versions, binary state, delete).

const content = z
  .union([z.string(), z.record(z.string(), z.unknown()), z.array(z.unknown())])
  .describe("The content as /v2/crdt/get returns it (XML for type xml).");

export const crdtVersionSummary = z.object({
  versionId: z.string(),
  versionName: z.string(),
  timestamp: z.number().describe("When it was saved, in milliseconds since the epoch."),
  savedBy: z.string().describe("The userId it was saved for, else the API key id."),
  size: z.number().describe("Bytes of the saved Yjs state."),
  type: z.enum(CRDT_TYPES),
  contentKey: z.string(),
});

export const crdtVersionDetail = crdtVersionSummary.extend({
  data: content,
  update: z.string().describe("Base64 Yjs update holding the whole document as it was saved."),
});

export const crdtStateOutput = z.object({
  update: z
    .string()
    .describe("Base64 Yjs update: the whole document, or what a peer at `stateVector` (the input) lacks."),
  stateVector: z.string().describe("Base64 Yjs state vector of the document now."),
  type: z.enum(CRDT_TYPES),
  contentKey: z.string(),
});

export const crdtDeleteOutput = z.object({
  editorIds: z.array(z.string()).describe("The editors whose data was deleted."),
});
