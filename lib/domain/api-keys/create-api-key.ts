import { sealSetting } from "@/lib/infra/crypto";
import { env } from "@/lib/infra/env";
import { newId } from "@/lib/infra/ids";
import type { Tx } from "@/lib/infra/db";
import { denied, exhausted, invalid, notFound, precondition } from "../errors";
import { capitalizedLocalPart, normalizeEmail } from "../fields";
import { LOCALHOST_DOMAINS, normalizeDomain } from "../domains/normalize-domain";
import type { WorkspaceScope } from "../scope";
import {
  API_KEY_TYPES,
  DEFAULT_PERSISTENCE_REGION,
  DEFAULT_REALTIME_REGION,
  type CreateApiKeyInput,
} from "./create-api-key-input";
import { serviceConfigSchema, type ServiceConfig } from "./service-config";
import { issueAuthToken } from "./tokens";
import { emailKeyAad } from "../email/email-settings";
import { webhookTokenAad } from "../webhooks/webhook-settings";

export function normalizeDomainList(list: string[], field: string): string[] {
  const out: string[] = [];
  list.forEach((raw, i) => {
    const d = normalizeDomain(raw);
    if (!d) throw invalid(`${field}[${i}] is not a valid domain.`);
    if (!out.includes(d)) out.push(d);
  });
  return out;
}

function serviceConfigOf(input: CreateApiKeyInput, apiKeyId: string): ServiceConfig {
  const { emailServiceConfig: mail, webhookServiceConfig: hook } = input;
  return {
    useEmailService: input.useEmailService ?? false,
    useWebhookService: input.useWebhookService ?? false,
    // Unset means on (notification-config.ts): only an explicit false turns a new key's notifications off.
    ...(input.useNotificationService !== undefined && { useNotificationService: input.useNotificationService }),
    setDefaultNotificationTriggers: input.setDefaultNotificationTriggers ?? false,
    setDefaultEmailTriggers: input.setDefaultEmailTriggers ?? false,
    requireAutoOrgUser: input.requireAutoOrgUser ?? false,
    enablePrivateComments: input.enablePrivateComments ?? false,
    ...(mail && { emailServiceConfig: { ...mail, apiKey: sealSetting(mail.apiKey, emailKeyAad(apiKeyId)) } }),
    ...(hook && {
      webhookServiceConfig: { ...hook, authToken: sealSetting(hook.authToken, webhookTokenAad(apiKeyId)) },
    }),
  };
}

export interface NewApiKey {
  /** Made here when not given (a caller that seals settings bound to the key names it first). */
  id?: string;
  workspaceId: string;
  type: (typeof API_KEY_TYPES)[number];
  name: string;
  ownerEmail: string;
  createAuthToken: boolean;
  persistenceDBRegion?: string;
  realtimeDBRegion?: string;
  allowedDomains?: string[];
  serviceConfig?: ServiceConfig;
}

/** Writes a key (and its first auth token, when asked). Shared by Create Workspace and Create API Key. */
export async function insertApiKey(tx: Tx, key: NewApiKey) {
  const e = env();
  const id = key.id ?? newId("key");
  await tx.apiKey.create({
    data: {
      id,
      workspaceId: key.workspaceId,
      name: key.name,
      type: key.type,
      ownerEmail: key.ownerEmail,
      persistenceDBRegion: key.persistenceDBRegion,
      realtimeDBRegion: key.realtimeDBRegion,
      advancedQueries: e.WEFT_DEFAULT_ADVANCED_QUERIES,
      activityLogs: e.WEFT_DEFAULT_ACTIVITY_LOGS,
      serviceConfig: serviceConfigSchema.parse(key.serviceConfig ?? {}),
      domains: key.allowedDomains?.length ? { create: key.allowedDomains.map((domain) => ({ domain })) } : undefined,
    },
  });
  const authToken = key.createAuthToken ? await issueAuthToken(tx, id) : undefined;
  return { id, name: key.name, type: key.type, authToken };
}

export async function createApiKey(scope: WorkspaceScope, input: CreateApiKeyInput, tx: Tx) {
  const workspace = await tx.workspace.findUnique({
    where: { id: scope.workspaceId },
    select: { plan: true, productionKeysEnabled: true },
  });
  if (!workspace) throw notFound("Workspace not found.");
  const production = input.type === "production";
  if (production) {
    if (!workspace.productionKeysEnabled) {
      throw denied("This workspace is not enabled for self-serve production API key creation.");
    }
    if (workspace.plan !== "paid")
      throw precondition("Production API keys require the workspace to be on a paid plan.");
    const existing = await tx.apiKey.count({ where: { workspaceId: scope.workspaceId, type: "production" } });
    if (existing >= env().WEFT_MAX_PRODUCTION_KEYS) {
      throw exhausted("This workspace has reached its maximum number of production API keys.");
    }
  }
  const ownerEmail = normalizeEmail(input.ownerEmail);
  const domains = normalizeDomainList(input.allowedDomains ?? [], "allowedDomains");
  if (input.addLocalHostToAllowedDomains) for (const d of LOCALHOST_DOMAINS) if (!domains.includes(d)) domains.push(d);
  const id = newId("key");
  const key = await insertApiKey(tx, {
    id,
    workspaceId: scope.workspaceId,
    type: input.type,
    name: input.apiKeyName ?? `${capitalizedLocalPart(ownerEmail)} ${production ? "Production" : "Test"} API Key`,
    ownerEmail,
    createAuthToken: input.createAuthToken ?? false,
    // Regions place a production key's data; testing keys live in the default location.
    persistenceDBRegion: production ? (input.persistenceDBRegion ?? DEFAULT_PERSISTENCE_REGION) : undefined,
    realtimeDBRegion: production ? (input.realtimeDBRegion ?? DEFAULT_REALTIME_REGION) : undefined,
    allowedDomains: domains,
    serviceConfig: serviceConfigOf(input, id),
  });
  return { apiKey: key.id };
}
