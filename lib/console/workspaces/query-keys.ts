// react-query keys of the workspace pages: invalidate `all` after anything that changes a workspace.
export const workspaceKeys = {
  all: ["workspaces"] as const,
  list: (search: string, pageToken?: string) => [...workspaceKeys.all, "list", search, pageToken ?? "first"] as const,
  authToken: (workspaceId: string) => [...workspaceKeys.all, workspaceId, "auth-token"] as const,
};
