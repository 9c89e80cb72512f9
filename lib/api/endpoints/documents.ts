import { z } from "zod";
import { addDocuments, addDocumentsInput } from "@/lib/domain/documents/add-documents";
import { deleteDocuments, deleteDocumentsInput } from "@/lib/domain/documents/delete-documents";
import { getDocuments, getDocumentsInput } from "@/lib/domain/documents/get-documents";
import { getMigrationStatus, migrationStatusInput } from "@/lib/domain/documents/get-migration-status";
import { migrateDocuments, migrateDocumentsInput } from "@/lib/domain/documents/migrate-documents";
import { MIGRATION_STATUSES } from "@/lib/domain/documents/migration-job";
import { defineEndpoint } from "../define-endpoint";
import { itemResults, paged } from "./replies";

const documentRecord = z.object({
  id: z.string().describe("The client's documentId."),
  documentName: z.string().optional(),
  disabled: z.boolean(),
  accessType: z.string(),
  folderId: z.string().optional(),
});

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
    ...paged("documents", "pageToken", z.array(documentRecord)),
  }),
  deleteDocumentsEndpoint("/v2/organizations/documents/delete", "Delete Documents"),
  deleteDocumentsEndpoint("/v1/organizations/documents/delete", "Delete Documents (v1 path)"),
  defineEndpoint({
    path: "/v2/organizations/documents/migrate",
    auth: "apiKey",
    summary: "Migrate Documents",
    input: migrateDocumentsInput,
    output: z.object({ migrationId: z.string() }),
    message: "Document migration started successfully.",
    writes: true,
    run: (input, ctx) => migrateDocuments(ctx.scope, input, ctx.tx),
  }),
  defineEndpoint({
    path: "/v2/organizations/documents/migrate/status",
    auth: "apiKey",
    summary: "Migrate Documents Status",
    input: migrationStatusInput,
    output: z.object({
      migrationId: z.string(),
      status: z.enum(MIGRATION_STATUSES),
      reason: z.string().optional().describe("Why a failed migration failed."),
    }),
    message: "Migration status retrieved successfully.",
    run: (input, ctx) => getMigrationStatus(ctx.scope, input, ctx.db),
  }),
];
