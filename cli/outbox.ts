import type { Command } from "commander";
import { OUTBOX_DEFAULT_LIMIT, OUTBOX_MAX_LIMIT } from "@/lib/domain/email/list-outbox";
import { intOption } from "./options";
import { printJson, withRouter } from "./run";

export function outboxCommands(program: Command) {
  program
    .command("outbox:list")
    .description("list sent mail and the dev outbox (login links land here when no SendGrid key is set), newest first")
    .option("--to <email>", "only mail to this recipient")
    .addOption(
      intOption("--limit <n>", `at most this many (1-${OUTBOX_MAX_LIMIT})`, 1, OUTBOX_MAX_LIMIT).default(
        OUTBOX_DEFAULT_LIMIT,
      ),
    )
    .action(async (opts: { to?: string; limit: number }) => {
      const flags = { to: "--to", limit: "--limit" };
      await printJson(await withRouter(flags, (r) => r.mailbox.outbox({ data: { to: opts.to, limit: opts.limit } })));
    });
}
