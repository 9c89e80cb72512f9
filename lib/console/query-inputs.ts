import { PAGE_SIZE } from "./page-size";
import type { RequestLogFilter } from "./usage/request-log-filter";

// The inputs of the console's queries, shared by the server component that prefetches a query and the client
// component that asks for it: the same input is the same query key, so the prefetched data is used.

export const workspacePage = (search: string, pageToken?: string) => ({
  data: { pageSize: PAGE_SIZE, pageToken, search },
});

export const mailboxPage = (pageToken?: string) => ({ data: { pageSize: PAGE_SIZE, pageToken } });

export const apiKeyPage = (workspaceId: string, pageToken?: string) => ({
  workspaceId,
  data: { pageSize: PAGE_SIZE, pageToken },
});

export const endpointPage = (workspaceId: string, apiKeyId: string, iterator?: string) => ({
  workspaceId,
  apiKeyId,
  data: { limit: PAGE_SIZE, iterator },
});

export type DeliveryOutcome = "success" | "failed" | "pending" | "skipped";
export interface DeliveryFilter {
  endpointId?: string;
  eventType?: string;
  outcome?: DeliveryOutcome;
}

export const messagePage = (workspaceId: string, apiKeyId: string, filter: DeliveryFilter, iterator?: string) => ({
  workspaceId,
  apiKeyId,
  data: { limit: PAGE_SIZE, iterator, ...filter },
});

export const emailLogPage = (workspaceId: string, apiKeyId: string, status?: string, pageToken?: string) => ({
  workspaceId,
  apiKeyId,
  data: { pageSize: PAGE_SIZE, status, pageToken },
});

export const requestLogPage = (workspaceId: string, apiKeyId: string, filter: RequestLogFilter, before?: string) => ({
  workspaceId,
  apiKeyId,
  data: { ...filter, before },
});

/** A workspace's own queries (`data: {}`): its details, its token. */
export const workspaceInput = (workspaceId: string) => ({ workspaceId, data: {} });

/** A key's own queries (`data: {}`): its details, domains, configs, health. */
export const keyInput = (workspaceId: string, apiKeyId: string) => ({ workspaceId, apiKeyId, data: {} });
