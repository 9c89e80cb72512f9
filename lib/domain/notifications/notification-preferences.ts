import { z } from "zod";
import type { Reader, Tx } from "@/lib/infra/db";
import { batchOf, byClientId } from "../batch";
import { invalid } from "../errors";
import { clientId } from "../fields";
import { ensureOrganization, orgScope, type OrgScope } from "../organizations/organization-scope";
import type { ApiKeyScope } from "../scope";
import { requireNotifications } from "./notification-config";
import { readPreferences, upsertPreferences } from "./notifications-store";

// A user's notification preferences per channel (Get / Set Notification Config, /v2/notifications/config/*):
// ALL, MINE (only what involves the user: a mention, an assignment, a notification naming them) or NONE, for
// one document or as the user's organization-level default. What applies for a document: the document's
// value, else the organization default, else ALL. `inbox` decides who becomes a recipient of a notification
// (notification fan-out, comment notifications), `email` who gets trigger mail; `slack` is stored and
// returned only (weft has no Slack delivery). See docs/notification-preferences.md.

export const CHANNELS = ["inbox", "email", "slack"] as const;
export type Channel = (typeof CHANNELS)[number];
export const PREFERENCES = ["ALL", "MINE", "NONE"] as const;
export type Preference = (typeof PREFERENCES)[number];

/** The organization-level default is the row whose documentId is this (a client id is never empty). */
export const ORGANIZATION_LEVEL = "";

const preference = z.enum(PREFERENCES);
const documentIds = z.array(clientId).min(1).max(30);

const config = z
  .strictObject({ inbox: preference.optional(), email: preference.optional(), slack: preference.optional() })
  .refine((c) => CHANNELS.some((k) => c[k] !== undefined), { error: "config must set inbox, email or slack." });

export const setPreferencesInput = z.strictObject({
  organizationId: clientId,
  documentIds: documentIds.optional().describe("Omit to set the users' organization-level default."),
  userIds: batchOf(clientId),
  config,
});
export const setPreferencesV1Input = setPreferencesInput.extend({ documentIds });

export const getPreferencesInput = z.strictObject({
  organizationId: clientId,
  documentIds: documentIds.optional(),
  userId: clientId,
  getOrganizationConfig: z.boolean().optional(),
});
export const getPreferencesV1Input = getPreferencesInput.omit({ getOrganizationConfig: true }).extend({ documentIds });

export const USER_CONFIG_SET = "User config set successfully.";

/** Per user: the channels in `config` are set for each document (or the organization level); others stay. */
export async function setNotificationPreferences(
  scope: ApiKeyScope,
  input: z.output<typeof setPreferencesInput>,
  tx: Tx,
) {
  await requireNotifications(tx, scope);
  const org = orgScope(scope, input.organizationId);
  await ensureOrganization(tx, org, false);
  const userIds = [...new Set(input.userIds)];
  const docs = input.documentIds ? [...new Set(input.documentIds)] : [ORGANIZATION_LEVEL];
  await upsertPreferences(tx, org, userIds, docs, input.config);
  const results = byClientId<{
    success: true;
    userId: string;
    documentId?: string;
    documentIds?: string[];
    message: string;
  }>();
  for (const userId of userIds) {
    results[userId] = {
      success: true,
      userId,
      ...(input.documentIds && (docs.length === 1 ? { documentId: docs[0] } : { documentIds: docs })),
      message: USER_CONFIG_SET,
    };
  }
  return results;
}

/** What applies per channel, for each document asked (or the organization level alone). */
export async function getNotificationPreferences(
  scope: ApiKeyScope,
  input: z.output<typeof getPreferencesInput>,
  db: Reader,
) {
  await requireNotifications(db, scope);
  if (!input.getOrganizationConfig && !input.documentIds) {
    throw invalid("documentIds is required unless getOrganizationConfig is true.");
  }
  const org = orgScope(scope, input.organizationId);
  const docs = input.getOrganizationConfig ? [ORGANIZATION_LEVEL] : [...new Set(input.documentIds)];
  const rows = await readPreferences(db, org, [input.userId], [ORGANIZATION_LEVEL, ...docs]);
  const orgRow = rows.find((r) => r.documentId === ORGANIZATION_LEVEL);
  return docs.map((documentId) => {
    const docRow = documentId === ORGANIZATION_LEVEL ? undefined : rows.find((r) => r.documentId === documentId);
    const slack = docRow?.slack ?? orgRow?.slack;
    return {
      config: {
        inbox: docRow?.inbox ?? orgRow?.inbox ?? "ALL",
        email: docRow?.email ?? orgRow?.email ?? "ALL",
        ...(slack && { slack }),
      },
      metadata: {
        organizationId: org.organizationId,
        apiKey: org.apiKeyId,
        ...(documentId !== ORGANIZATION_LEVEL && { documentId }),
        userId: input.userId,
      },
    };
  });
}

/**
 * The preference that applies to each of `userIds` on one channel for one document (users without one: ALL).
 * One indexed read; the callers are the notification writers and the email trigger consumer.
 */
export async function preferencesFor(
  db: Reader,
  org: OrgScope,
  documentId: string,
  userIds: string[],
  channel: Channel,
): Promise<Map<string, Preference>> {
  const out = new Map<string, Preference>();
  if (!userIds.length) return out;
  const rows = await readPreferences(db, org, userIds, [ORGANIZATION_LEVEL, documentId]);
  for (const r of rows) {
    const value = r[channel] as Preference | null;
    if (!value) continue;
    // The document's own value wins over the organization default.
    if (r.documentId === documentId || !out.has(r.userId)) out.set(r.userId, value);
  }
  return out;
}

/** Whether a user with this preference gets a notification that involves them (`mine`) or not. */
export function preferenceAdmits(p: Preference | undefined, mine: boolean): boolean {
  return p === undefined || p === "ALL" || (p === "MINE" && mine);
}
