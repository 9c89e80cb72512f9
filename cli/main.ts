import { Command, CommanderError } from "commander";
import { DomainError } from "@/lib/domain/errors";
import { apiKeyCommands } from "./apikey";
import { dbCommands } from "./db";
import { emailCommands } from "./email";
import { UsageError } from "./options";
import { outboxCommands } from "./outbox";
import { workspaceCommands } from "./workspace";

// The operator CLI: argument parsing and printing only; each command calls the console's router as the operator
// (cli/run.ts), so the CLI and the console run one implementation of every operation.
// Success: JSON on stdout, exit 0. Failure: one line "error: ..." on stderr, exit 1.

const oneLine = (s: string) => s.trim().replace(/\s*\n\s*/g, " ");

function fail(message: string, code = 1): never {
  process.stderr.write(`error: ${oneLine(message).replace(/^error:\s*/, "")}\n`);
  process.exit(code);
}

// `weft workspace:list | head`: a reader that goes away early is not an error. Output is printed after the
// database has been released, so exiting here leaves nothing behind.
process.stdout.on("error", (e: NodeJS.ErrnoException) => process.exit(e.code === "EPIPE" ? 0 : 1));

const program = new Command("weft")
  .description("weft operator commands. Works with or without a running server (embedded data dir or DATABASE_URL).")
  .showSuggestionAfterError(true)
  .exitOverride()
  .configureOutput({ outputError: () => {} }); // printed once, by fail()

workspaceCommands(program);
apiKeyCommands(program);
outboxCommands(program);
dbCommands(program);
emailCommands(program);
for (const cmd of program.commands) cmd.exitOverride().configureOutput({ outputError: () => {} });

async function main() {
  try {
    await program.parseAsync(process.argv);
    process.exit(0);
  } catch (e) {
    if (e instanceof CommanderError) {
      // Help was printed already: `--help` exits 0, a bare `weft` (help on stderr) exits 1.
      if (e.code === "commander.help" || e.code === "commander.helpDisplayed") process.exit(e.exitCode);
      fail(e.message, e.exitCode || 1);
    }
    if (e instanceof DomainError || e instanceof UsageError) fail(e.message);
    // Configuration (EnvError) and data-dir (DataDirError) problems carry messages meant for the operator.
    fail(e instanceof Error ? e.message : String(e));
  }
}

void main();
