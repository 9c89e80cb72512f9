import type { Command } from "commander";
import { DELIVERY_STATUSES, EMAIL_DEFAULT_LIMIT, EMAIL_MAX_LIMIT } from "@/lib/domain/email/list-email-deliveries";
import { intOption } from "./options";
import { printJson, withRouter } from "./run";

export function emailCommands(program: Command) {
  program
    .command("email:list")
    .description("list trigger email deliveries, newest first, with their status (skipped ones with the reason)")
    .option("--workspace <id>", "only this workspace's")
    .option("--status <status>", "pending, sent, failed or skipped")
    .addOption(
      intOption("--limit <n>", `at most this many (1-${EMAIL_MAX_LIMIT})`, 1, EMAIL_MAX_LIMIT).default(
        EMAIL_DEFAULT_LIMIT,
      ),
    )
    .action(async (opts: { workspace?: string; status?: string; limit: number }) => {
      const flags = { workspaceId: "--workspace", status: "--status", limit: "--limit" };
      // The router checks the status (one of DELIVERY_STATUSES) and names the flag when it is not.
      const status = opts.status as (typeof DELIVERY_STATUSES)[number] | undefined;
      const data = { workspaceId: opts.workspace, status, limit: opts.limit };
      await printJson(await withRouter(flags, (r) => r.email.deliveries({ data })));
    });
}
