import type { Command } from "commander";
import {
  EMAIL_DEFAULT_LIMIT,
  EMAIL_MAX_LIMIT,
  listEmailDeliveries,
  listEmailDeliveriesInput,
} from "@/lib/domain/email/list-email-deliveries";
import { OPERATOR_SCOPE } from "@/lib/domain/scope";
import { intOption } from "./options";
import { parseInput, printJson, withDatabase } from "./run";

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
      const input = parseInput(
        listEmailDeliveriesInput,
        { workspaceId: opts.workspace, status: opts.status, limit: opts.limit },
        { workspaceId: "--workspace", status: "--status", limit: "--limit" },
      );
      await printJson(await withDatabase((db) => listEmailDeliveries(OPERATOR_SCOPE, input, db)));
    });
}
