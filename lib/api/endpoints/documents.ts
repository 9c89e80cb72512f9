import { z } from "zod";
import { itemResults } from "@/lib/domain/batch";
import { addDocuments, addDocumentsInput } from "@/lib/domain/documents/add-documents";
import { deleteDocuments, deleteDocumentsInput } from "@/lib/domain/documents/delete-documents";
import {
  documentAccessResults,
  documentDisabledResults,
  documentOutput,
  migrationStartedOutput,
  migrationStatusOutput,
} from "@/lib/domain/documents/documents-contract";
import { getDocuments, getDocumentsInput } from "@/lib/domain/documents/get-documents";
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
import { noData, paged } from "./replies";

const deleteDocumentsEndpoint = <P extends string>(path: P, summary: string) =>
  defineEndpoint({
    path,
    auth: "apiKey",
    summary,
    input: deleteDocumentsInput,
    output: itemResults,
    message: "Document(s) deleted successfully.",
    writes: true,
    run: (input, ctx) => deleteDocuments(ctx.scope, input, ctx.tx),
  });

export const documentEndpoints = [
  defineEndpoint({
    path: "/v2/organizations/documents/add",
    auth: "apiKey",
    summary: "Add Documents",
    input: addDocumentsInput,
    output: itemResults,
    message: "Document(s) added successfully.",
    writes: true,
    run: (input, ctx) => addDocuments(ctx.scope, input, ctx.tx),
  }),
  defineEndpoint({
    path: "/v2/organizations/documents/get",
    auth: "apiKey",
    summary: "Get Documents",
    input: getDocumentsInput,
    message: "Document(s) retrieved successfully.",
    run: (input, ctx) => getDocuments(ctx.scope, input, ctx.db),
    ...paged("documents", "pageToken", z.array(documentOutput)),
  }),
  deleteDocumentsEndpoint("/v2/organizations/documents/delete", "Delete Documents"),
  deleteDocumentsEndpoint("/v1/organizations/documents/delete", "Delete Documents (v1 path)"),
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
  defineEndpoint({
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
  }),
  defineEndpoint({
    path: "/v2/organizations/documents/move",
    auth: "apiKey",
    summary: "Move Documents (at most 30) into a folder; documents that inherit their access type take the folder's.",
    input: moveDocumentsInput,
    output: z.null(),
    message: "Documents moved successfully.",
    writes: true,
    run: (input, ctx) => moveDocuments(ctx.scope, input, ctx.tx),
    ...noData("Documents moved successfully."),
  }),
  defineEndpoint({
    path: "/v2/organizations/documents/access/update",
    auth: "apiKey",
    summary: "Update Access for Documents: their own accessType (organizationPrivate | restricted | public).",
    input: updateDocumentsAccessInput,
    output: documentAccessResults,
    message: "Updated access for documents successfully.",
    writes: true,
    run: (input, ctx) => updateDocumentsAccess(ctx.scope, input, ctx.tx),
  }),
  defineEndpoint({
    path: "/v2/organizations/documents/access/disablestate/update",
    auth: "apiKey",
    summary: "Update Disabled State for Documents: end users lose (or regain) access; key-level REST keeps working.",
    input: updateDocumentsDisabledStateInput,
    output: documentDisabledResults,
    message: "Updated disable state for documents successfully.",
    writes: true,
    run: (input, ctx) => updateDocumentsDisabledState(ctx.scope, input, ctx.tx),
  }),
];
