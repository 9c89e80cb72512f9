import { z } from "zod";
import type { Reader } from "@/lib/infra/db";
import { clientId } from "../fields";
import type { ApiKeyScope } from "../scope";
import { documentAccess } from "./document-access";

// The console's access check: what one user (with their stored and group grants, no token) may do with one
// document, and why, as live collaboration would decide it.

export const checkDocumentAccessInput = z.strictObject({
  organizationId: clientId,
  documentId: clientId,
  userId: clientId,
});

export function checkDocumentAccess(scope: ApiKeyScope, input: z.output<typeof checkDocumentAccessInput>, db: Reader) {
  return documentAccess(db, { apiKeyId: scope.apiKeyId, ...input }, { userId: input.userId });
}
