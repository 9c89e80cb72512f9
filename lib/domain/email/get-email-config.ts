import { z } from "zod";
import type { Reader } from "@/lib/infra/db";
import { keyServiceConfig } from "../api-keys/service-config";
import type { ApiKeyScope } from "../scope";
import { emailView, storedEmail } from "./email-settings";

export const getEmailConfigInput = z.strictObject({});

export async function getEmailConfig(scope: ApiKeyScope, _input: z.output<typeof getEmailConfigInput>, tx: Reader) {
  return emailView(storedEmail(await keyServiceConfig(tx, scope)), scope.apiKeyId);
}
