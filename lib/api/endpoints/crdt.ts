import { z } from "zod";
import { addCrdtData } from "@/lib/domain/crdt/add-crdt-data";
import { CRDT_TYPES, crdtWriteInput, type CrdtWriteInput } from "@/lib/domain/crdt/crdt-input";
import { getCrdtData, getCrdtDataInput } from "@/lib/domain/crdt/get-crdt-data";
import { planCrdtUpdate, updateCrdtData } from "@/lib/domain/crdt/update-crdt-data";
import { pushToLive } from "@/lib/live/push";
import { defineEndpoint, type CommitContext } from "../define-endpoint";
import { noData } from "./replies";

/** Once a REST write has committed, open live documents of that editor get its Yjs diff. */
async function pushWriteToLive(
  written: { input: CrdtWriteInput; update: Uint8Array | null },
  ctx: CommitContext<"apiKey">,
): Promise<null> {
  pushToLive({ apiKeyId: ctx.scope.apiKeyId, ...written.input }, written.update);
  return null;
}

const LIMITS =
  "The request body is capped at WEFT_MAX_BODY_BYTES (1 MiB by default) and an editor's stored Yjs state at WEFT_CRDT_MAX_STATE_BYTES (4 MiB by default); larger content is refused with INVALID_ARGUMENT.";

const editorData = z.object({
  data: z.union([z.string(), z.record(z.string(), z.unknown()), z.array(z.unknown())]),
  id: z.string().describe("The editor id."),
  lastUpdate: z.string().describe("ISO 8601 time of the last write."),
  lastUpdatedBy: z.string().describe("Who wrote last: the API key id for REST writes."),
  sessionId: z.string().nullable(),
  type: z.enum(CRDT_TYPES),
  contentKey: z.string(),
  update: z.string().describe("Base64 Yjs update holding the whole document; a client applies it with Y.applyUpdate."),
});

export const crdtEndpoints = [
  defineEndpoint({
    path: "/v2/crdt/add",
    auth: "apiKey",
    summary: `Add CRDT Data. Stores the content as a Yjs document (text: Y.Text, map: Y.Map, array: Y.Array, xml: Y.XmlFragment) under contentKey (default "content"). ${LIMITS}`,
    input: crdtWriteInput,
    output: z.null(),
    message: "CRDT data added successfully.",
    writes: true,
    run: async (input, ctx) => ({ input, update: await addCrdtData(ctx.scope, input, ctx.tx) }),
    afterCommit: pushWriteToLive,
    // Add and Update answer `result{status, message}` with no `data` member.
    ...noData("CRDT data added successfully."),
  }),
  defineEndpoint({
    path: "/v2/crdt/get",
    auth: "apiKey",
    summary: "Get CRDT Data: every editor of the document, or the one named by editorId (an empty list when none).",
    input: getCrdtDataInput,
    output: z.array(editorData),
    message: "CRDT data retrieved successfully.",
    run: (input, ctx) => getCrdtData(ctx.scope, input, ctx.db),
  }),
  defineEndpoint({
    path: "/v2/crdt/update",
    auth: "apiKey",
    summary: `Update CRDT Data. Replaces the content through a Yjs update that is merged into the stored document, so concurrent updates both land. ${LIMITS}`,
    input: crdtWriteInput,
    output: z.null(),
    message: "CRDT data updated successfully.",
    writes: true,
    prepare: (input, ctx) => planCrdtUpdate(ctx.scope, input, ctx.db),
    run: async (input, ctx) => ({ input, update: await updateCrdtData(ctx.scope, input, ctx.prepared, ctx.tx) }),
    afterCommit: pushWriteToLive,
    // Add and Update answer `result{status, message}` with no `data` member.
    ...noData("CRDT data updated successfully."),
  }),
];
