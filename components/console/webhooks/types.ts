import type { ApiOutput } from "@/lib/api/client";

// The advanced webhook operations' replies, as the console's client components receive them (derived from the
// contracts through the registry).

export type AdvancedConfigView = ApiOutput<"/v2/workspace/advancedwebhookconfig/get">;
export type EndpointView = ApiOutput<"/v2/workspace/advancedwebhook/endpoints/create">;
export type MessageView = ApiOutput<"/v2/workspace/advancedwebhook/messages/get">["messages"][number];
export type AttemptView = ApiOutput<"/v2/workspace/advancedwebhook/attempts/get">["attempts"][number];

/** The next page's token of an iterator page (usePagedQuery's `nextToken`): its iterator while not done. */
export function nextIterator<T extends { iterator: string | null; done: boolean }>(page: T): string | undefined {
  return !page.done && page.iterator ? page.iterator : undefined;
}
