import { TRPCError } from "@trpc/server";
import type { createCaller } from "@/lib/console/router/app-router";
import { describeFailure } from "@/lib/console/router/errors";
import { UsageError } from "./options";

// Runs one operator command through the console's router (lib/console/router), as the operator: starts weft as
// the CLI (joining a running server's embedded database through the data dir's server.json, or opening the dir
// itself, or DATABASE_URL), calls the procedure and prints its result as JSON on stdout. stop() always runs: it
// releases the data dir. A refusal of an input names the CLI flag instead of the field. The router and start-up
// load only once a command runs: a usage error is answered without them.

type Caller = ReturnType<typeof createCaller>;

export async function withRouter<T>(flagNames: Record<string, string>, fn: (router: Caller) => Promise<T>): Promise<T> {
  const [{ startWeft }, { createCaller }, { OPERATOR_CLI }] = await Promise.all([
    import("@/lib/server/start-weft"),
    import("@/lib/console/router/app-router"),
    import("@/lib/console/router/context"),
  ]);
  const started = await startWeft({ role: "cli", join: true });
  try {
    return await fn(createCaller(OPERATOR_CLI));
  } catch (e) {
    if (!(e instanceof TRPCError)) throw e;
    const { message, field } = describeFailure(e);
    const flag = field && flagNames[field];
    throw new UsageError(flag && message.startsWith(field) ? flag + message.slice(field.length) : message);
  } finally {
    await started.stop();
  }
}

export function printJson(value: unknown): Promise<void> {
  return new Promise((resolve, reject) =>
    process.stdout.write(JSON.stringify(value, null, 2) + "\n", (err) => (err ? reject(err) : resolve())),
  );
}
