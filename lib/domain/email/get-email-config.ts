import { z } from "zod";
import type { Tx } from "@/lib/infra/db";
import { lockServiceConfig } from "../api-keys/service-config";
import type { ApiKeyScope } from "../scope";
import { emailView, storedEmail } from "./email-settings";

export const getEmailConfigInput = z.strictObject({});

export async function getEmailConfig(scope: ApiKeyScope, _input: z.output<typeof getEmailConfigInput>, tx: Tx) {
  return emailView(storedEmail(await lockServiceConfig(tx, scope)));
}
