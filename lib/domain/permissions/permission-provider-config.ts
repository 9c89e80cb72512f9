import { z } from "zod";
import { openSetting, sealSetting, secretAad } from "@/lib/infra/crypto";
import type { Reader, Tx } from "@/lib/infra/db";
import { keyServiceConfig, lockServiceConfig, writeServiceConfig } from "../api-keys/service-config";
import { invalid } from "../errors";
import type { ApiKeyScope } from "../scope";

// Get and Update Permission Provider Config (ApiKey.serviceConfig's permissionProviderSection). Stored,
// validated and returned; weft does not consult a permission provider yet (access comes from the grants of
// Add Permissions and Generate Token), so the setting has no effect today. The auth token is stored sealed.

const NOTHING_TO_UPDATE = "At least one of usePermissionProvider or permissionProviderConfig must be provided";
const BAD_URL = "Please enter a valid URL";

export const getPermissionProviderConfigInput = z.strictObject({});

export const updatePermissionProviderConfigInput = z
  .strictObject({
    usePermissionProvider: z.boolean().optional(),
    permissionProviderConfig: z
      .strictObject({
        permissionProviderUrl: z.string().max(2000).optional(),
        authToken: z.string().max(2000).optional(),
      })
      .optional(),
  })
  .refine((v) => v.usePermissionProvider !== undefined || v.permissionProviderConfig !== undefined, {
    error: NOTHING_TO_UPDATE,
  });

function isHttpUrl(raw: string): boolean {
  try {
    const url = new URL(raw);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

const permissionProviderTokenAad = (apiKeyId: string) =>
  secretAad("ApiKey", "permissionProviderConfig.authToken", apiKeyId);

export async function getPermissionProviderConfig(scope: ApiKeyScope, _input: unknown, db: Reader) {
  const config = await keyServiceConfig(db, scope);
  const stored = config.permissionProviderConfig;
  return {
    usePermissionProvider: config.usePermissionProvider === true,
    permissionProviderConfig: {
      permissionProviderUrl: stored?.permissionProviderUrl ?? "",
      authToken: openSetting(stored?.authToken, permissionProviderTokenAad(scope.apiKeyId)),
    },
  };
}

/** Merged over what is stored; "" clears a field. The reply has no data. */
export async function updatePermissionProviderConfig(
  scope: ApiKeyScope,
  input: z.output<typeof updatePermissionProviderConfigInput>,
  tx: Tx,
) {
  const sent = input.permissionProviderConfig ?? {};
  if (sent.permissionProviderUrl && !isHttpUrl(sent.permissionProviderUrl)) throw invalid(BAD_URL);
  const config = await lockServiceConfig(tx, scope);
  const next = { ...config.permissionProviderConfig };
  if (sent.permissionProviderUrl !== undefined) next.permissionProviderUrl = sent.permissionProviderUrl;
  if (sent.authToken !== undefined)
    next.authToken = sealSetting(sent.authToken, permissionProviderTokenAad(scope.apiKeyId));
  await writeServiceConfig(tx, scope, {
    ...config,
    usePermissionProvider: input.usePermissionProvider ?? config.usePermissionProvider ?? false,
    permissionProviderConfig: next,
  });
  return null;
}
