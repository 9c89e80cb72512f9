import { Prisma } from "@/lib/generated/prisma/client";
import { preparedRead, type Reader } from "@/lib/infra/db";

// The workspaces area's data access: Get Workspace's read, one prepared statement (lib/infra/db.ts).

export interface WorkspaceViewRow {
  id: string;
  name: string;
  ownerEmail: string;
  ownerId: string;
  ownerName: string;
  ownerAvatar: string | null;
  authTokenEnc: string;
  /** [id, name, type] of each API key, oldest first. */
  apiKeys: [string, string, string][];
}

/** The workspace and its API keys in one statement, or undefined when there is no such workspace. */
export async function readWorkspaceView(tx: Reader, workspaceId: string): Promise<WorkspaceViewRow | undefined> {
  const rows = await preparedRead<WorkspaceViewRow>(
    tx,
    "workspace_view",
    Prisma.sql`
    SELECT w."id", w."name", w."ownerEmail", w."ownerId", w."ownerName", w."ownerAvatar", w."authTokenEnc",
           COALESCE((SELECT json_agg(json_build_array(k."id", k."name", k."type") ORDER BY k."createdAt", k."id")
                     FROM "ApiKey" k WHERE k."workspaceId" = w."id"), '[]'::json) AS "apiKeys"
    FROM "Workspace" w
    WHERE w."id" = ${workspaceId}`,
  );
  return rows[0];
}
