import type { Reader } from "@/lib/infra/db";
import { operatorWorkspaceView, workspaceSelect } from "../operator/operator-views";
import { pageArgs, takePage, type ListPageInput } from "../paging";
import { visibleWorkspaces, type ViewerScope } from "./visible-workspaces";

/** One page of the workspaces the scope may see, oldest first. */
export async function listWorkspacePage(scope: ViewerScope, input: ListPageInput, tx: Reader) {
  const rows = await tx.workspace.findMany({ ...pageArgs(input, visibleWorkspaces(scope)), select: workspaceSelect });
  const { page, nextPageToken } = takePage(rows, input.pageSize);
  return { workspaces: page.map(operatorWorkspaceView), nextPageToken };
}
