import { z } from "zod";
import type { Reader } from "@/lib/infra/db";
import { operatorWorkspaceView, workspaceSelect } from "../administration/operator-views";
import { beyondPosition, decodePageToken, listPageInput, takePage } from "../paging";
import { visibleWorkspaces, type ViewerScope } from "./visible-workspaces";

export const listWorkspacePageInput = listPageInput.extend({
  /** Matches the name or owner email (any part, any case) or the id. */
  search: z.string().trim().max(200).optional(),
});

/** One page of the workspaces the scope may see, newest first, with how many match in all. */
export async function listWorkspacePage(scope: ViewerScope, input: z.input<typeof listWorkspacePageInput>, tx: Reader) {
  const { pageSize, pageToken, search } = listWorkspacePageInput.parse(input);
  const position = pageToken ? decodePageToken(pageToken) : undefined;
  const matching = search
    ? {
        OR: [
          { name: { contains: search, mode: "insensitive" as const } },
          { ownerEmail: { contains: search, mode: "insensitive" as const } },
          { id: search },
        ],
      }
    : {};
  const where = { AND: [visibleWorkspaces(scope), matching] };
  const rows = await tx.workspace.findMany({
    where: { AND: [where, position ? beyondPosition("createdAt", position, "desc") : {}] },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: pageSize + 1,
    select: workspaceSelect,
  });
  const total = await tx.workspace.count({ where });
  const { page, nextPageToken } = takePage(rows, pageSize);
  return { workspaces: page.map(operatorWorkspaceView), nextPageToken, total };
}
