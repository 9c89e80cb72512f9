import { z } from "zod";
import { itemResults } from "@/lib/domain/batch";
import { addDocuments, addDocumentsInput, addDocumentsV1Input } from "@/lib/domain/documents/add-documents";
import { deleteDocuments, deleteDocumentsInput, deleteDocumentsV1 } from "@/lib/domain/documents/delete-documents";
import {
  documentAccessResults,
  documentDisabledResults,
  documentOutput,
  migrationStartedOutput,
  migrationStatusOutput,
} from "@/lib/domain/documents/documents-contract";
import { getDocuments, getDocumentsInput } from "@/lib/domain/documents/get-documents";
import { parsedJsonText } from "@/lib/domain/json-text";
import { getMigrationStatus, migrationStatusInput } from "@/lib/domain/documents/get-migration-status";
import { migrateDocuments, migrateDocumentsInput } from "@/lib/domain/documents/migrate-documents";
import { moveDocuments, moveDocumentsInput } from "@/lib/domain/documents/move-documents";
import { failUnlessAllUpdated, updateDocuments, updateDocumentsInput } from "@/lib/domain/documents/update-documents";
import { updateDocumentsAccess, updateDocumentsAccessInput } from "@/lib/domain/documents/update-documents-access";
import {
  updateDocumentsDisabledState,
  updateDocumentsDisabledStateInput,
} from "@/lib/domain/documents/update-documents-disabled-state";
import { defineEndpoint } from "../define-endpoint";
import { v1Twin } from "../v1-twin";
import { noData, paged, V1_PAGE } from "./replies";

const deleteDocumentsV2 = defineEndpoint({
  path: "/v2/organizations/documents/delete",
  auth: "apiKey",
  summary: "Delete Documents. A missing document is reported as success with 'Document does not exist'.",
  input: deleteDocumentsInput,
  output: itemResults,
  message: "Document(s) deleted successfully.",
  writes: true,
  run: (input, ctx) => deleteDocuments(ctx.scope, input, ctx.tx),
});

const addDocumentsV2 = defineEndpoint({
  path: "/v2/organizations/documents/add",
  auth: "apiKey",
  summary: "Add Documents",
  input: addDocumentsInput,
  output: itemResults,
  message: "Document(s) added successfully.",
  writes: true,
  run: (input, ctx) => addDocuments(ctx.scope, input, ctx.tx),
});

const getDocumentsV2 = defineEndpoint({
  path: "/v2/organizations/documents/get",
  auth: "apiKey",
  summary: "Get Documents",
  input: getDocumentsInput,
  message: "Document(s) retrieved successfully.",
  run: (input, ctx) => getDocuments(ctx.scope, input, ctx.db),
  ...paged("documents", "pageToken", z.array(documentOutput)),
});

const updateDocumentsV2 = defineEndpoint({
  path: "/v2/organizations/documents/update",
  auth: "apiKey",
  summary:
    "Update Documents. If any document does not exist, the others are still updated and the call answers INTERNAL (HTTP 500) with every item in details.",
  input: updateDocumentsInput,
  output: itemResults,
  message: "Document(s) updated successfully.",
  writes: true,
  run: (input, ctx) => updateDocuments(ctx.scope, input, ctx.tx),
  afterCommit: async (results) => failUnlessAllUpdated(results),
});

const moveDocumentsV2 = defineEndpoint({
  path: "/v2/organizations/documents/move",
  auth: "apiKey",
  summary: "Move Documents (at most 30) into a folder; documents that inherit their access type take the folder's.",
  input: moveDocumentsInput,
  output: z.null(),
  message: "Documents moved successfully.",
  writes: true,
  run: (input, ctx) => moveDocuments(ctx.scope, input, ctx.tx),
  ...noData("Documents moved successfully."),
});

const updateDocumentsAccessV2 = defineEndpoint({
  path: "/v2/organizations/documents/access/update",
  auth: "apiKey",
  summary: "Update Access for Documents: their own accessType (organizationPrivate | restricted | public).",
  input: updateDocumentsAccessInput,
  output: documentAccessResults,
  message: "Updated access for documents successfully.",
  writes: true,
  run: (input, ctx) => updateDocumentsAccess(ctx.scope, input, ctx.tx),
});

const updateDocumentsDisabledStateV2 = defineEndpoint({
  path: "/v2/organizations/documents/access/disablestate/update",
  auth: "apiKey",
  summary: "Update Disabled State for Documents: end users lose (or regain) access; key-level REST keeps working.",
  input: updateDocumentsDisabledStateInput,
  output: documentDisabledResults,
  message: "Updated disable state for documents successfully.",
  writes: true,
  run: (input, ctx) => updateDocumentsDisabledState(ctx.scope, input, ctx.tx),
});

export const documentEndpoints = [
  addDocumentsV2,
  v1Twin(addDocumentsV2, "/v1/organizations/documents/add", { input: addDocumentsV1Input }),
  getDocumentsV2,
  v1Twin(getDocumentsV2, "/v1/organizations/documents/get", {
    summary: `Get Documents (v1, no paging: the first ${V1_PAGE.toLocaleString("en")}).`,
    input: getDocumentsInput.omit({ folderId: true, pageSize: true, pageToken: true }),
    output: z.array(documentOutput.omit({ folderId: true })),
    reply: undefined,
    run: async (input, ctx) =>
      parsedJsonText((await getDocuments(ctx.scope, { ...input, pageSize: V1_PAGE }, ctx.db)).documents),
  }),
  deleteDocumentsV2,
  v1Twin(deleteDocumentsV2, "/v1/organizations/documents/delete", {
    summary: "Delete Documents (v1): a missing document is a failed item with code not-found, in an HTTP 200.",
    run: (input, ctx) => deleteDocumentsV1(ctx.scope, input, ctx.tx),
  }),
  defineEndpoint({
    path: "/v2/organizations/documents/migrate",
    auth: "apiKey",
    summary: "Migrate Documents",
    input: migrateDocumentsInput,
    output: migrationStartedOutput,
    message: "Document migration started successfully.",
    writes: true,
    run: (input, ctx) => migrateDocuments(ctx.scope, input, ctx.tx),
  }),
  defineEndpoint({
    path: "/v2/organizations/documents/migrate/status",
    auth: "apiKey",
    summary: "Migrate Documents Status",
    input: migrationStatusInput,
    output: migrationStatusOutput,
    message: "Migration status retrieved successfully.",
    run: (input, ctx) => getMigrationStatus(ctx.scope, input, ctx.db),
  }),
  updateDocumentsV2,
  v1Twin(updateDocumentsV2, "/v1/organizations/documents/update", {
    summary: "Update Documents (v1): a missing document is a failed item with code not-found, in an HTTP 200.",
    afterCommit: undefined,
  }),
  moveDocumentsV2,
  v1Twin(moveDocumentsV2, "/v1/organizations/documents/move"),
  updateDocumentsAccessV2,
  v1Twin(updateDocumentsAccessV2, "/v1/organizations/documents/access/update"),
  updateDocumentsDisabledStateV2,
  v1Twin(updateDocumentsDisabledStateV2, "/v1/organizations/documents/access/disablestate/update"),
];
