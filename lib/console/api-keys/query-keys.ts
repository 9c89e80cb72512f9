// react-query keys of a workspace's API keys: invalidate `all(workspaceId)` after anything that changes a key.
export const apiKeyKeys = {
  all: (workspaceId: string) => ["api-keys", workspaceId] as const,
  list: (workspaceId: string, pageToken?: string) =>
    [...apiKeyKeys.all(workspaceId), "list", pageToken ?? "first"] as const,
  detail: (workspaceId: string, apiKeyId: string) => [...apiKeyKeys.all(workspaceId), "key", apiKeyId] as const,
  domains: (workspaceId: string, apiKeyId: string) => [...apiKeyKeys.detail(workspaceId, apiKeyId), "domains"] as const,
  tokens: (workspaceId: string, apiKeyId: string) => [...apiKeyKeys.detail(workspaceId, apiKeyId), "tokens"] as const,
  email: (workspaceId: string, apiKeyId: string) => [...apiKeyKeys.detail(workspaceId, apiKeyId), "email"] as const,
  webhook: (workspaceId: string, apiKeyId: string) => [...apiKeyKeys.detail(workspaceId, apiKeyId), "webhook"] as const,
  advancedWebhook: (workspaceId: string, apiKeyId: string) =>
    [...apiKeyKeys.detail(workspaceId, apiKeyId), "advanced-webhook"] as const,
  endpoints: (workspaceId: string, apiKeyId: string, iterator?: string) =>
    [...apiKeyKeys.advancedWebhook(workspaceId, apiKeyId), "endpoints", iterator ?? "first"] as const,
  endpointSecret: (workspaceId: string, apiKeyId: string, endpointId: string) =>
    [...apiKeyKeys.advancedWebhook(workspaceId, apiKeyId), "secret", endpointId] as const,
  messages: (workspaceId: string, apiKeyId: string, iterator?: string) =>
    [...apiKeyKeys.advancedWebhook(workspaceId, apiKeyId), "messages", iterator ?? "first"] as const,
  attempts: (workspaceId: string, apiKeyId: string, messageId: string) =>
    [...apiKeyKeys.advancedWebhook(workspaceId, apiKeyId), "attempts", messageId] as const,
  crdtVersions: (workspaceId: string, apiKeyId: string, editor: string[]) =>
    [...apiKeyKeys.detail(workspaceId, apiKeyId), "crdt-versions", ...editor] as const,
  aiProviderKeys: (workspaceId: string, apiKeyId: string) =>
    [...apiKeyKeys.detail(workspaceId, apiKeyId), "ai-provider-keys"] as const,
};
