import { z } from "zod";
import type { Reader } from "@/lib/infra/db";
import { clientId } from "../fields";
import type { ApiKeyScope } from "../scope";
import { readPresence, REST_SOURCE } from "./presence-store";

// weft extension (as Liveblocks offers it): who is in a document now, across every instance: users put there
// over REST and users with a live connection to any of the document's editors.

export const getPresenceInput = z.strictObject({ organizationId: clientId, documentId: clientId });

export async function getPresence(scope: ApiKeyScope, input: z.output<typeof getPresenceInput>, db: Reader) {
  const rows = await readPresence(db, { apiKeyId: scope.apiKeyId, ...input });
  const users = new Map<
    string,
    { userId: string; name?: string; email?: string; status?: string; rest: boolean; liveConnections: number }
  >();
  for (const r of rows) {
    const u = users.get(r.userId) ?? { userId: r.userId, rest: false, liveConnections: 0 };
    // A REST presence's name, email and status win over what a live connection's token says.
    const rest = r.source === REST_SOURCE;
    for (const k of ["name", "email", "status"] as const)
      if (r[k] !== null && (rest || u[k] === undefined)) u[k] = r[k];
    if (rest) u.rest = true;
    else u.liveConnections += r.connections;
    users.set(r.userId, u);
  }
  return [...users.values()];
}
