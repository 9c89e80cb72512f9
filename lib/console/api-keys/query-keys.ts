// react-query keys of a workspace's API keys: invalidate `all(workspaceId)` after anything that changes a key.
export const apiKeyKeys = {
  all: (workspaceId: string) => ["api-keys", workspaceId] as const,
  list: (workspaceId: string, pageToken?: string) => [...apiKeyKeys.all(workspaceId), "list", pageToken ?? "first"] as const,
  detail: (workspaceId: string, apiKeyId: string) => [...apiKeyKeys.all(workspaceId), "key", apiKeyId] as const,
  domains: (workspaceId: string, apiKeyId: string) => [...apiKeyKeys.detail(workspaceId, apiKeyId), "domains"] as const,
  tokens: (workspaceId: string, apiKeyId: string) => [...apiKeyKeys.detail(workspaceId, apiKeyId), "tokens"] as const,
  aiProviderKeys: (workspaceId: string, apiKeyId: string) => [...apiKeyKeys.detail(workspaceId, apiKeyId), "ai-provider-keys"] as const,
};
