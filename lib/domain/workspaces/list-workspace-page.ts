import type { Tx } from "@/lib/infra/db";
import { operatorWorkspaceView, workspaceSelect } from "../operator/operator-views";
import { afterPosition, decodePageToken, takePage, type ListPageInput } from "../paging";
import { visibleWorkspaces, type ViewerScope } from "./visible-workspaces";

/** One page of the workspaces the scope may see, oldest first. */
export async function listWorkspacePage(scope: ViewerScope, input: ListPageInput, tx: Tx) {
  const position = input.pageToken ? decodePageToken(input.pageToken) : undefined;
  const rows = await tx.workspace.findMany({
    where: { AND: [visibleWorkspaces(scope), afterPosition(position)] },
    select: workspaceSelect,
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: input.pageSize + 1,
  });
  const { page, nextPageToken } = takePage(rows, input.pageSize);
  return { workspaces: page.map(operatorWorkspaceView), nextPageToken };
}
