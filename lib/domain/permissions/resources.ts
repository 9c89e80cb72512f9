import { z } from "zod";
import { accessRole, clientId, type AccessRole } from "../fields";
import type { Grant } from "../users/users-store";

// The permission resources of Add Permissions and Generate Token:
// {type, id, organizationId (document and folder), accessRole = "editor", expiresAt (Unix seconds)}.

export const RESOURCE_TYPES = ["organization", "document", "folder"] as const;

/** organizationId names the organization of a document or folder; for an organization it may only repeat id. */
function checkOrganizationId(r: { type: string; id: string; organizationId?: string }, ctx: z.RefinementCtx) {
  if (r.type !== "organization" && r.organizationId === undefined) {
    ctx.addIssue({
      code: "custom",
      path: ["organizationId"],
      message: "{path} is required for document and folder resources.",
    });
  }
  if (r.type === "organization" && r.organizationId !== undefined && r.organizationId !== r.id) {
    ctx.addIssue({
      code: "custom",
      path: ["organizationId"],
      message: "{path} must equal id for organization resources.",
    });
  }
}

export const resource = z
  .strictObject({
    type: z.enum(RESOURCE_TYPES),
    id: clientId,
    organizationId: clientId.optional(),
    accessRole: accessRole.optional(),
    // Seconds; a value in milliseconds would be past this bound (year 5138).
    expiresAt: z.number().int().min(0).max(1e11).optional(),
  })
  .superRefine(checkOrganizationId)
  .meta({ id: "Resource" });
export type Resource = z.output<typeof resource>;

/** A resource with its defaults filled in, as stored and as carried in a token. */
export interface GrantedResource {
  type: Resource["type"];
  id: string;
  organizationId: string;
  accessRole: AccessRole;
  expiresAt?: number;
}

export function granted(r: Resource): GrantedResource {
  return {
    type: r.type,
    id: r.id,
    organizationId: organizationOf(r),
    accessRole: r.accessRole ?? "editor",
    ...(r.expiresAt !== undefined && { expiresAt: r.expiresAt }),
  };
}

/** A resource of Remove Permissions: which grant to take back. */
export const resourceRef = z
  .strictObject({ type: z.enum(RESOURCE_TYPES), id: clientId, organizationId: clientId.optional() })
  .superRefine(checkOrganizationId)
  .meta({ id: "ResourceRef" });

/** The organization a resource belongs to. */
export const organizationOf = (r: { type: Resource["type"]; id: string; organizationId?: string }) =>
  r.type === "organization" ? r.id : r.organizationId!;

export function grantOf(userId: string, r: GrantedResource): Grant {
  return {
    userId,
    resourceType: r.type,
    resourceId: r.id,
    accessRole: r.accessRole,
    expiresAt: r.expiresAt === undefined ? null : new Date(r.expiresAt * 1000),
  };
}
