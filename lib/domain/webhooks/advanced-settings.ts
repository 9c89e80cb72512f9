import type { Reader } from "@/lib/infra/db";
import { precondition } from "../errors";
import { readServiceConfig, type ServiceConfig } from "../api-keys/service-config";

// Advanced webhook config, stored in ApiKey.serviceConfig.advancedWebhookConfig. Absent = never configured.

export interface AdvancedConfig {
  isEnabled: boolean;
  encryptData: boolean;
  encodeData: boolean;
  publicKey: string;
  enableDataProtection: boolean;
}

export const ADVANCED_DEFAULTS: AdvancedConfig = {
  isEnabled: false,
  encryptData: false,
  encodeData: false,
  publicKey: "",
  enableDataProtection: false,
};

export const NOT_CONFIGURED =
  'Advanced webhooks are not configured for this workspace. Enable them first via POST /v2/workspace/advancedwebhookconfig/update with { "isEnabled": true }.';
export const DISABLED =
  'Advanced webhooks are disabled for this workspace. Enable them via POST /v2/workspace/advancedwebhookconfig/update with { "isEnabled": true }.';

export function storedAdvanced(config: ServiceConfig): AdvancedConfig | undefined {
  const stored = config.advancedWebhookConfig;
  return stored ? { ...ADVANCED_DEFAULTS, ...stored } : undefined;
}

/** Endpoint operations need advanced webhooks configured and enabled. */
export async function requireAdvancedEnabled(tx: Reader, apiKeyId: string) {
  const advanced = storedAdvanced(await readServiceConfig(tx, apiKeyId));
  if (!advanced) throw precondition(NOT_CONFIGURED);
  if (!advanced.isEnabled) throw precondition(DISABLED);
}
