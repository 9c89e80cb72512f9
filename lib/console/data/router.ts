import { z } from "zod";
import { listRecentMigrations } from "@/lib/domain/documents/migration-progress";
import { clientId } from "@/lib/domain/fields";
import { getOrganizationsInput, listOrganizations } from "@/lib/domain/organizations/get-organizations";
import { listOrganizationPurges } from "@/lib/domain/organizations/purge-progress";
import { db } from "@/lib/infra/db";
import { scopedInput } from "../router/scoped-input";
import { apiKeyProcedure, router } from "../router/trpc";

// What an integration stored under a key, as the console's Data page browses it. Changes go through the
// registry's own procedures (v2.organizations.*, v2.users.data.delete, ...), so the console has no second way
// to disable, delete or erase.

export const dataRouter = router({
  /** A page of the key's organizations; unlike Get Organizations, whatever the key's advanced queries switch. */
  organizations: apiKeyProcedure
    .input(scopedInput("apiKey", getOrganizationsInput))
    .query(({ ctx, input }) => listOrganizations(ctx.scope, input.data, db())),

  /** Organizations deleted and being purged now, with how far each purge is. */
  purges: apiKeyProcedure
    .input(scopedInput("apiKey", z.strictObject({})))
    .query(({ ctx }) => listOrganizationPurges(ctx.scope, db())),

  /** An organization's newest document migrations, each with its state. */
  migrations: apiKeyProcedure
    .input(scopedInput("apiKey", z.strictObject({ organizationId: clientId })))
    .query(({ ctx, input }) => listRecentMigrations(ctx.scope, input.data.organizationId, db())),
});
