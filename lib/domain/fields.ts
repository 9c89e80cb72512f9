import { z } from "zod";

// Field schemas shared by the REST endpoints and the console's forms (which run in the browser too: keep this
// module free of server-only imports).

export const email = z.email().max(254);

export const REGIONS = ["us-central1", "us-east1", "europe-west1", "asia-south1", "nam5", "eur3"] as const;
export const region = z.enum(REGIONS);

export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

/** "owner@example.com" -> "Owner" */
export function capitalizedLocalPart(address: string): string {
  const local = address.split("@")[0] ?? address;
  return local.charAt(0).toUpperCase() + local.slice(1);
}

/** An id the client chose (organizationId, folderId, documentId, userId): stored as given. */
export const clientId = z.string().min(1).max(512);

export const ACCESS_ROLES = ["viewer", "editor"] as const;
export const accessRole = z.enum(ACCESS_ROLES);
export type AccessRole = (typeof ACCESS_ROLES)[number];

export const ACCESS_TYPES = ["organizationPrivate", "restricted", "public"] as const;
export const accessType = z.enum(ACCESS_TYPES);
export type AccessType = (typeof ACCESS_TYPES)[number];

/**
 * An output field that holds a working credential (an auth token, a user JWT, a signing secret). The OpenAPI
 * document marks it `x-weft-credential`; tests find every operation that hands one out from this mark.
 */
export const credential = () => z.string().meta({ "x-weft-credential": true });
