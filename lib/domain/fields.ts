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
