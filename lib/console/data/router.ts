import { z } from "zod";
import {
  documentRefInput,
  listDocuments,
  listDocumentsInput,
  readDocument,
} from "@/lib/domain/documents/list-documents";
import { listRecentMigrations } from "@/lib/domain/documents/migration-progress";
import { clientId } from "@/lib/domain/fields";
import { listFolders, listFoldersInput } from "@/lib/domain/folders/list-folders";
import { getNotificationsV2Input, listNotifications } from "@/lib/domain/notifications/get-notifications";
import { browseOrganizationsInput, listOrganizations } from "@/lib/domain/organizations/get-organizations";
import { listOrganizationPurges } from "@/lib/domain/organizations/purge-progress";
import { listMembers, listMembersInput } from "@/lib/domain/users/list-members";
import { db } from "@/lib/infra/db";
import { scopedInput } from "../router/scoped-input";
import { apiKeyProcedure, router } from "../router/trpc";
import { documentPresence } from "./document-presence";

// What an integration stored under a key, as the console's Data page browses it: organizations, their folders
// and documents, an organization's members, a document's access, notifications and who is in it live. The lists read whatever the key's
// advanced queries switch says. Comments and CRDT content are read, and every change is made, through the
// registry's own procedures (v2.commentannotations.get, v2.crdt.get, v2.organizations.*, ...), so the console
// has no second way to read those or to disable, delete or erase.

export const dataRouter = router({
  /** A page of the key's organizations, searched by id or name. */
  organizations: apiKeyProcedure
    .input(scopedInput("apiKey", browseOrganizationsInput))
    .query(({ ctx, input }) => listOrganizations(ctx.scope, input.data, db())),

  /** Organizations deleted and being purged now, with how far each purge is. */
  purges: apiKeyProcedure
    .input(scopedInput("apiKey", z.strictObject({})))
    .query(({ ctx }) => listOrganizationPurges(ctx.scope, db())),

  /** An organization's newest document migrations, each with its state. */
  migrations: apiKeyProcedure
    .input(scopedInput("apiKey", z.strictObject({ organizationId: clientId })))
    .query(({ ctx, input }) => listRecentMigrations(ctx.scope, input.data.organizationId, db())),

  /** A page of an organization's folders, searched by id or name. */
  folders: apiKeyProcedure
    .input(scopedInput("apiKey", listFoldersInput))
    .query(({ ctx, input }) => listFolders(ctx.scope, input.data, db())),

  /** A page of an organization's documents (of one folder), searched by id or name. */
  documents: apiKeyProcedure
    .input(scopedInput("apiKey", listDocumentsInput))
    .query(({ ctx, input }) => listDocuments(ctx.scope, input.data, db())),

  /** One document with the users given access to it. */
  document: apiKeyProcedure
    .input(scopedInput("apiKey", documentRefInput))
    .query(({ ctx, input }) => readDocument(ctx.scope, input.data, db())),

  /** A page of an organization's own members, as Get Users lists them. */
  users: apiKeyProcedure
    .input(scopedInput("apiKey", listMembersInput))
    .query(({ ctx, input }) => listMembers(ctx.scope, input.data, db())),

  /** A page of notifications (of one document), newest first, as Get Notifications v2 pages them. */
  notifications: apiKeyProcedure
    .input(scopedInput("apiKey", getNotificationsV2Input))
    .query(({ ctx, input }) => listNotifications(ctx.scope, input.data, db())),

  /** Who is in a document now, again whenever someone joins or leaves. */
  presence: documentPresence,
});
