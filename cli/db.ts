import { rmSync } from "node:fs";
import path from "node:path";
import type { Command } from "commander";
import { backupToFile } from "@/lib/infra/backup/backup";
import { partialFile } from "@/lib/infra/backup/backup-file";
import { openSource, openTarget, type Install } from "@/lib/infra/backup/install";
import { BackupError, type TableResult } from "@/lib/infra/backup/load";
import { checkBackupKey, copyDatabase, restoreFromFile } from "@/lib/infra/backup/restore";
import { env } from "@/lib/infra/env";
import { printJson } from "./run";

// db:backup, db:restore, db:move: lib/infra/backup does the work. Results go to stdout (JSON, or for db:move
// the lines to put in the environment), what the operator must know about the secret key to stderr.

const note = (text: string) => process.stderr.write(`note: ${text}\n`);

async function using<T>(open: Promise<Install>, fn: (install: Install) => Promise<T>): Promise<T> {
  const install = await open;
  try {
    return await fn(install);
  } finally {
    await install.stop();
  }
}

export function dbCommands(program: Command) {
  program
    .command("db:backup")
    .description("write the whole database to one backup file (a consistent snapshot; the server may keep running)")
    .argument("<file>", "the backup file to write (gzip'd JSON lines; replaced once the new one is complete)")
    .action(async (file: string) => {
      // Ctrl-C or a stop signal mid-dump: remove the unfinished file (the snapshot transaction ends with us).
      const partial = partialFile(path.resolve(file));
      for (const signal of ["SIGINT", "SIGTERM"] as const) {
        process.once(signal, () => {
          rmSync(partial, { force: true });
          process.exit(signal === "SIGINT" ? 130 : 143);
        });
      }
      const summary = await using(openSource("backup"), async (install) => ({
        ...(await backupToFile(install, path.resolve(file))),
        secretKey: install.keySource,
      }));
      await printJson(summary);
      const where =
        summary.secretKey === "WEFT_SECRET_KEY"
          ? "the WEFT_SECRET_KEY environment variable"
          : `in ${summary.secretKey}`;
      note(
        `the secret key is not in the backup. Keep it safe apart from the backup: a restore needs it. ` +
          `This install's key is ${where}.`,
      );
    });

  program
    .command("db:restore")
    .description("restore a backup file into an empty data dir or database (schema deployed first)")
    .argument("<file>", "a file written by db:backup")
    .option("--force", "delete everything in a non-empty target first")
    .action(async (file: string, opts: { force?: boolean }) => {
      const target = await openTarget((key) => checkBackupKey(path.resolve(file), key));
      let result: { tables: TableResult[]; keyFile?: string };
      try {
        const tables = await restoreFromFile(path.resolve(file), {
          url: target.url,
          secretKey: target.secretKey,
          force: opts.force === true,
        });
        result = { tables, keyFile: target.writeKeyFile() };
      } finally {
        await target.stop();
      }
      await printJson({
        file: path.resolve(file),
        tables: result.tables.length,
        rows: result.tables.reduce((n, t) => n + t.rows, 0),
      });
      if (result.keyFile) note(`the secret key (WEFT_SECRET_KEY) was written to ${result.keyFile}.`);
    });

  program
    .command("db:move")
    .description("copy this install's data into an empty PostgreSQL database, verified table by table")
    .requiredOption("--to <postgres-url>", "the PostgreSQL database to copy into (postgresql://...)")
    .option("--force", "delete everything in a non-empty target first")
    .action(async (opts: { to: string; force?: boolean }) => {
      if (!/^postgres(ql)?:\/\//.test(opts.to))
        throw new BackupError("--to must be a postgresql:// connection string.");
      if (opts.to === env().DATABASE_URL) throw new BackupError("--to is this install's own database (DATABASE_URL).");
      const moved = await using(openSource("move"), async (source) => ({
        tables: await copyDatabase(source, { url: opts.to, secretKey: source.secretKey, force: opts.force === true }),
        source,
      }));
      for (const t of moved.tables) process.stderr.write(`verified ${t.name}: ${t.rows} rows, md5 ${t.checksum}\n`);
      if (moved.source.serverRunning) {
        note(
          "the server kept running: the copy is its state when the move began. Stop it before you switch, " +
            "and run db:move again with --force if anything was written since.",
        );
      }
      note("start weft with these settings (keep WEFT_SECRET_KEY secret):");
      process.stdout.write(`DATABASE_URL=${opts.to}\nWEFT_SECRET_KEY=${moved.source.secretKey.toString("hex")}\n`);
    });
}
