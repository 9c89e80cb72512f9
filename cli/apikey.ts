import type { Command } from "commander";
import { onOffOption, requireOneOf } from "./options";
import { printJson, withRouter } from "./run";

export function apiKeyCommands(program: Command) {
  program
    .command("apikey:update")
    .description("turn an API key's advanced queries and activity logs on or off")
    .argument("<apiKey>", "the API key (key_...)")
    .addOption(onOffOption("--advanced-queries <on|off>", "advanced queries"))
    .addOption(onOffOption("--activity-logs <on|off>", "activity logs"))
    .action(async (apiKey: string, opts: { advancedQueries?: boolean; activityLogs?: boolean }) => {
      requireOneOf(opts, { advancedQueries: "--advanced-queries", activityLogs: "--activity-logs" });
      const flags = { apiKey: "apiKey", advancedQueries: "--advanced-queries", activityLogs: "--activity-logs" };
      await printJson(await withRouter(flags, (r) => r.apiKeys.updateAnySettings({ data: { apiKey, ...opts } })));
    });
}
