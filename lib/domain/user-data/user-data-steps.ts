import type { Tx } from "@/lib/infra/db";
import { publishPresence } from "../presence/change-presence";
import {
  eraseActivity,
  eraseAnnotationsStarted,
  eraseCommentsWritten,
  eraseCrdtAuthorship,
  eraseEmailDeliveries,
  eraseEventRecords,
  eraseMentionsAndAssignments,
  eraseNotifications,
  erasePresence,
  erasePreferencesAndReads,
  eraseProfiles,
  eraseReactions,
  eraseVersionAuthorship,
  type ErasureScope,
} from "./user-data-store";

// Everything stored about a user, in one list: Delete All User Data runs these steps for each user, in this
// order, chunk by chunk. A table that holds a user id adds its step here (tests/api/erase-user-data.test.ts scans
// every table of the catalog for the erased id). The order matters where one step reads what a later one
// deletes: trigger mail is found by the addresses the profile and the comments still hold.

export interface ErasureStep {
  name: string;
  /** Erases at most `limit` rows (per table it touches); the step is done once a chunk touches fewer. */
  chunk(tx: Tx, scope: ErasureScope, limit: number): Promise<number>;
}

export const erasureSteps: readonly ErasureStep[] = [
  { name: "trigger mail", chunk: eraseEmailDeliveries },
  { name: "annotations started", chunk: eraseAnnotationsStarted },
  { name: "comments written", chunk: eraseCommentsWritten },
  { name: "mentions and assignments", chunk: eraseMentionsAndAssignments },
  { name: "reactions", chunk: eraseReactions },
  { name: "notifications", chunk: eraseNotifications },
  { name: "activity records", chunk: eraseActivity },
  { name: "events, webhook messages, jobs, stored replies and logged calls", chunk: eraseEventRecords },
  { name: "preferences and read marks", chunk: erasePreferencesAndReads },
  {
    // Live servers drop the user from the awareness of the documents they were in.
    name: "presence",
    async chunk(tx, scope, limit) {
      const gone = await erasePresence(tx, scope, limit);
      const documents = new Map(gone.map((g) => [`${g.organizationId}\n${g.documentId}`, g]));
      for (const d of documents.values()) await publishPresence(tx, { apiKeyId: scope.apiKeyId, ...d });
      return gone.length;
    },
  },
  { name: "CRDT authorship", chunk: eraseCrdtAuthorship },
  { name: "CRDT version authorship", chunk: eraseVersionAuthorship },
  { name: "profile and memberships", chunk: eraseProfiles },
];
