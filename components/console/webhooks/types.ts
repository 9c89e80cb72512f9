import type { ApiOutput } from "@/lib/api/client";

// The advanced webhook operations' replies, as the console's client components receive them (derived from the
// contracts through the registry).

export type AdvancedConfigView = ApiOutput<"/v2/workspace/advancedwebhookconfig/get">;
export type EndpointView = ApiOutput<"/v2/workspace/advancedwebhook/endpoints/create">;
export type MessageView = ApiOutput<"/v2/workspace/advancedwebhook/messages/get">["messages"][number];
export type AttemptView = ApiOutput<"/v2/workspace/advancedwebhook/attempts/get">["attempts"][number];

export interface IteratorPage {
  iterator: string | null;
  done: boolean;
}

/** The iterator pages as usePagedQuery's pages: `nextPageToken` while not done. */
export function asPaged<T extends IteratorPage>(page: T): T & { nextPageToken?: string } {
  return { ...page, nextPageToken: !page.done && page.iterator ? page.iterator : undefined };
}
