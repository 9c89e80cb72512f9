import { z } from "zod";
import type { Tx } from "@/lib/infra/db";
import { invalid, notFound } from "../errors";
import { clientId } from "../fields";
import type { ApiKeyScope } from "../scope";
import { deleteOrganizations } from "./delete-organizations";

// The console's delete of one organization: Delete Organizations, confirmed by typing the organization's id.

export const deleteOrganizationInput = z.strictObject({
  organizationId: clientId,
  /** The organization's id, typed by the user as a confirmation. */
  confirmOrganizationId: z.string().max(512),
});

export const CONFIRM_ORGANIZATION_ID = "Type the organization's id exactly to confirm.";

export async function deleteOrganization(scope: ApiKeyScope, input: z.output<typeof deleteOrganizationInput>, tx: Tx) {
  if (input.confirmOrganizationId !== input.organizationId) throw invalid(CONFIRM_ORGANIZATION_ID);
  const result = (await deleteOrganizations(scope, { organizationIds: [input.organizationId] }, tx))[
    input.organizationId
  ];
  if (!result.success) throw notFound(result.message);
  return { organizationId: input.organizationId };
}
