import { z } from "zod";
import { addCrdtData } from "@/lib/domain/crdt/add-crdt-data";
import { CRDT_TYPES, crdtWriteInput } from "@/lib/domain/crdt/crdt-input";
import { getCrdtData, getCrdtDataInput } from "@/lib/domain/crdt/get-crdt-data";
import { planCrdtUpdate, updateCrdtData } from "@/lib/domain/crdt/update-crdt-data";
import { applyCrdtUpdate, applyCrdtUpdateInput } from "@/lib/domain/crdt/apply-crdt-update";
import {
  crdtDeleteOutput,
  crdtStateOutput,
  crdtVersionDetail,
  crdtVersionSummary,
} from "@/lib/domain/crdt/crdt-contract";
import { deleteCrdtData, deleteCrdtDataInput } from "@/lib/domain/crdt/delete-crdt-data";
import { deleteCrdtVersion, deleteCrdtVersionInput } from "@/lib/domain/crdt/delete-crdt-version";
import { getCrdtState, getCrdtStateInput } from "@/lib/domain/crdt/get-crdt-state";
import {
  getCrdtVersionById,
  getCrdtVersionByIdInput,
  getCrdtVersions,
  getCrdtVersionsInput,
} from "@/lib/domain/crdt/get-crdt-versions";
import { planCrdtRestore, restoreCrdtVersion, restoreCrdtVersionInput } from "@/lib/domain/crdt/restore-crdt-version";
import { saveCrdtVersion, saveCrdtVersionInput } from "@/lib/domain/crdt/save-crdt-version";
import { closeLiveEditors, pushToLive } from "@/lib/live/push";
import { defineEndpoint, type CommitContext } from "../define-endpoint";
import { noData, paged } from "./replies";

type EditorIds = { organizationId: string; documentId: string; editorId: string };

const editorKey = (apiKeyId: string, ids: EditorIds) => ({
  apiKeyId,
  organizationId: ids.organizationId,
  documentId: ids.documentId,
  editorId: ids.editorId,
});

/** Once a REST write has committed, open live documents of that editor get its Yjs diff. */
async function pushWriteToLive(
  written: { input: EditorIds; update: Uint8Array | null },
  ctx: CommitContext<"apiKey">,
): Promise<null> {
  pushToLive(editorKey(ctx.scope.apiKeyId, written.input), written.update);
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
  defineEndpoint({
    path: "/v2/crdt/apply",
    auth: "apiKey",
    summary: `weft extension: apply a raw Yjs update to the editor, as a live client's edit is applied (creating the editor, typed after its first non-empty root, when it has no data). The update is base64 in data.update, or the whole body as application/octet-stream with organizationId, documentId and editorId in the query string. Open live documents receive it. ${LIMITS}`,
    input: applyCrdtUpdateInput,
    binaryBody: { field: "update" },
    output: z.null(),
    message: "CRDT update applied successfully.",
    writes: true,
    run: async (input, ctx) => ({ input, update: await applyCrdtUpdate(ctx.scope, input, ctx.tx) }),
    afterCommit: pushWriteToLive,
    ...noData("CRDT update applied successfully."),
  }),
  defineEndpoint({
    path: "/v2/crdt/state",
    auth: "apiKey",
    summary:
      "weft extension: the editor's Yjs state as a base64 update (the whole document, or only what a peer at the given base64 stateVector lacks) and its current state vector, for a backend that syncs its own Y.Doc.",
    input: getCrdtStateInput,
    output: crdtStateOutput,
    message: "CRDT state retrieved successfully.",
    run: (input, ctx) => getCrdtState(ctx.scope, input, ctx.db),
  }),
  defineEndpoint({
    path: "/v2/crdt/delete",
    auth: "apiKey",
    summary:
      "weft extension (the backend SDK's deleteCrdtData): delete the editor's CRDT data, or every editor's of the document when editorId is omitted: stored state, update log and saved versions. Open live documents of those editors are closed (reason crdt-data-deleted).",
    input: deleteCrdtDataInput,
    output: crdtDeleteOutput,
    message: "CRDT data deleted successfully.",
    writes: true,
    run: async (input, ctx) => ({ input, deleted: await deleteCrdtData(ctx.scope, input, ctx.tx) }),
    afterCommit: async ({ input, deleted }, ctx) => {
      closeLiveEditors(deleted.editorIds.map((editorId) => ({ apiKeyId: ctx.scope.apiKeyId, ...input, editorId })));
      return deleted;
    },
  }),
  defineEndpoint({
    path: "/v2/crdt/versions/save",
    auth: "apiKey",
    summary:
      "weft extension (the SDK's saveVersion): save the editor's current state as a named version. userId, when given, is who it is saved for (savedBy).",
    input: saveCrdtVersionInput,
    output: crdtVersionSummary,
    message: "Version saved successfully.",
    writes: true,
    run: (input, ctx) => saveCrdtVersion(ctx.scope, input, ctx.tx),
  }),
  defineEndpoint({
    path: "/v2/crdt/versions/get",
    auth: "apiKey",
    summary:
      "weft extension (the SDK's getVersions): the editor's versions, newest first, with name, time, who saved it and size; paged (pageSize default 20, at most 100; pageToken).",
    input: getCrdtVersionsInput,
    message: "Versions retrieved successfully.",
    run: (input, ctx) => getCrdtVersions(ctx.scope, input, ctx.db),
    ...paged("versions", "pageToken", z.array(crdtVersionSummary)),
  }),
  defineEndpoint({
    path: "/v2/crdt/versions/getbyid",
    auth: "apiKey",
    summary:
      "weft extension (the SDK's getVersionById): one version with its content as /v2/crdt/get shows it (data) and its Yjs state (update, base64).",
    input: getCrdtVersionByIdInput,
    output: crdtVersionDetail,
    message: "Version retrieved successfully.",
    run: (input, ctx) => getCrdtVersionById(ctx.scope, input, ctx.db),
  }),
  defineEndpoint({
    path: "/v2/crdt/versions/restore",
    auth: "apiKey",
    summary:
      "weft extension (the SDK's restoreVersion): make the editor's content the version's through a new change, the smallest edit that gets there (as Update CRDT Data), which open live documents receive as ordinary edits. Restoring the version saved before undoes it.",
    input: restoreCrdtVersionInput,
    output: crdtVersionSummary,
    message: "Version restored successfully.",
    writes: true,
    prepare: (input, ctx) => planCrdtRestore(ctx.scope, input, ctx.db),
    run: (input, ctx) => restoreCrdtVersion(ctx.scope, input, ctx.prepared, ctx.tx),
    afterCommit: async (plan, ctx) => {
      pushToLive(editorKey(ctx.scope.apiKeyId, plan.input), plan.update);
      return plan.version;
    },
  }),
  defineEndpoint({
    path: "/v2/crdt/versions/delete",
    auth: "apiKey",
    summary: "weft extension: delete one saved version of the editor.",
    input: deleteCrdtVersionInput,
    output: z.null(),
    message: "Version deleted successfully.",
    writes: true,
    run: (input, ctx) => deleteCrdtVersion(ctx.scope, input, ctx.tx),
  }),
];
