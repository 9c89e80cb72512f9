import type { Reader } from "@/lib/infra/db";
import { parseServiceConfig } from "../api-keys/service-config";
import type { WorkspaceScope } from "../scope";

// After Rotate Workspace Auth Tokens, whoever held the old tokens (a squatter who created the workspace for
// your email, a leaked token) is cut off, but what they set up with them keeps working: webhook endpoints and
// URLs receiving the workspace's events, a mail configuration sending from their address or through their
// SendGrid account, a permission provider URL. This lists it per key for the owner to review on the console's
// workspace page: endpoints created before the rotation, and the configuration as it stands (it carries no
// dates). Nothing is listed before a first rotation.

export interface KeyLeftovers {
  apiKeyId: string;
  apiKeyName: string;
  webhookEndpoints: { id: string; url: string; createdAt: string }[];
  /** The simple webhook's URLs that are set. */
  webhookUrls: string[];
  /** Trigger mails: the sender address and whether they go through a SendGrid key of the key's own. */
  email: { fromEmail: string; ownSendgridKey: boolean } | null;
  permissionProviderUrl: string | null;
}

export interface Leftovers {
  rotatedAt: string;
  keys: KeyLeftovers[];
}

export async function listLeftByTokenHolders(scope: WorkspaceScope, db: Reader): Promise<Leftovers | null> {
  const ws = await db.workspace.findUnique({ where: { id: scope.workspaceId }, select: { tokensRotatedAt: true } });
  const rotatedAt = ws?.tokensRotatedAt;
  if (!rotatedAt) return null;
  const keys = await db.apiKey.findMany({
    where: { workspaceId: scope.workspaceId },
    select: { id: true, name: true, serviceConfig: true },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  const endpoints = await db.webhookEndpoint.findMany({
    where: { apiKeyId: { in: keys.map((k) => k.id) }, createdAt: { lt: rotatedAt } },
    select: { id: true, apiKeyId: true, url: true, createdAt: true },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  const listed = keys.map((k): KeyLeftovers => {
    const config = parseServiceConfig(k.serviceConfig);
    const mail = config.emailServiceConfig;
    const hook = config.webhookServiceConfig;
    const providerUrl = config.permissionProviderConfig?.permissionProviderUrl;
    return {
      apiKeyId: k.id,
      apiKeyName: k.name,
      webhookEndpoints: endpoints
        .filter((e) => e.apiKeyId === k.id)
        .map((e) => ({ id: e.id, url: e.url, createdAt: e.createdAt.toISOString() })),
      webhookUrls: [hook?.rawNotificationUrl, hook?.processedNotificationUrl].filter((u): u is string => !!u),
      email:
        mail && (mail.fromEmail || mail.apiKey)
          ? { fromEmail: mail.fromEmail ?? "", ownSendgridKey: !!mail.apiKey }
          : null,
      permissionProviderUrl: providerUrl || null,
    };
  });
  const keysWithSomething = listed.filter(
    (k) => k.webhookEndpoints.length || k.webhookUrls.length || k.email || k.permissionProviderUrl,
  );
  return { rotatedAt: rotatedAt.toISOString(), keys: keysWithSomething };
}
