// Where the advanced webhook pages live under a key: the endpoint table, one endpoint's page, the event catalog.

export const advancedWebhooksHref = (workspaceId: string, apiKeyId: string) =>
  `/workspaces/${workspaceId}/keys/${apiKeyId}/advanced-webhooks`;

export const endpointHref = (workspaceId: string, apiKeyId: string, endpointId: string) =>
  `${advancedWebhooksHref(workspaceId, apiKeyId)}/endpoints/${encodeURIComponent(endpointId)}`;

export const eventCatalogHref = (workspaceId: string, apiKeyId: string, type?: string) =>
  `${advancedWebhooksHref(workspaceId, apiKeyId)}/events${type ? `#${type}` : ""}`;
