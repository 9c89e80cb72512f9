import { MAX_PAYLOAD_BYTES, parsePayload, publish } from "@/lib/infra/notify-bus";
import type { Tx } from "@/lib/infra/db";

// "These keys have new request log rows": published by the request log's flush in its transaction (so at
// commit, on every instance), read by the console's live tail (usage.tail), which then reads the new rows.

export const REQUEST_LOG_CHANNEL = "console_request_log";

/** The keys of one flush, as few payloads as fit the bus (a JSON array of key ids each). */
export async function publishRequestLogKeys(tx: Tx, apiKeyIds: Iterable<string>) {
  let batch: string[] = [];
  let bytes = 2;
  for (const id of new Set(apiKeyIds)) {
    const size = Buffer.byteLength(JSON.stringify(id)) + 1;
    if (bytes + size > MAX_PAYLOAD_BYTES && batch.length) {
      await publish(REQUEST_LOG_CHANNEL, JSON.stringify(batch), tx);
      batch = [];
      bytes = 2;
    }
    batch.push(id);
    bytes += size;
  }
  if (batch.length) await publish(REQUEST_LOG_CHANNEL, JSON.stringify(batch), tx);
}

export function mentionsKey(payload: string, apiKeyId: string): boolean {
  const ids = parsePayload<string[]>(payload);
  return Array.isArray(ids) && ids.includes(apiKeyId);
}
