import type { Command } from "commander";
import { OPERATOR_SCOPE } from "@/lib/domain/scope";
import { updateApiKeySettings, updateApiKeySettingsInput } from "@/lib/domain/administration/update-api-key-settings";
import { transaction } from "@/lib/infra/db";
import { onOffOption, requireOneOf } from "./options";
import { parseInput, printJson, withDatabase } from "./run";

export function apiKeyCommands(program: Command) {
  program
    .command("apikey:update")
    .description("turn an API key's advanced queries and activity logs on or off")
    .argument("<apiKey>", "the API key (key_...)")
    .addOption(onOffOption("--advanced-queries <on|off>", "advanced queries"))
    .addOption(onOffOption("--activity-logs <on|off>", "activity logs"))
    .action(async (apiKey: string, opts: { advancedQueries?: boolean; activityLogs?: boolean }) => {
      requireOneOf(opts, { advancedQueries: "--advanced-queries", activityLogs: "--activity-logs" });
      const input = parseInput(
        updateApiKeySettingsInput,
        { apiKey, ...opts },
        { apiKey: "apiKey", advancedQueries: "--advanced-queries", activityLogs: "--activity-logs" },
      );
      await printJson(await withDatabase(() => transaction((tx) => updateApiKeySettings(OPERATOR_SCOPE, input, tx))));
    });
}
