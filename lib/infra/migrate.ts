import path from "node:path";
import { pathToFileURL } from "node:url";

// Applies prisma/migrations through scripts/schema-engine.mjs (Prisma's WASM schema engine). It is loaded
// from disk, not bundled: the engine resolves its .wasm next to its own package.
// `only`: apply just these migrations (a target brought to the schema version of an older install's data).
export async function deployMigrations(url: string, only?: string[]): Promise<string[]> {
  const file = pathToFileURL(path.join(process.cwd(), "scripts/schema-engine.mjs")).href;
  const engine = (await import(/* webpackIgnore: true */ /* turbopackIgnore: true */ file)) as {
    run(
      cmd: string,
      name: string | undefined,
      options: { url: string; quiet: boolean; only?: string[] },
    ): Promise<string[]>;
  };
  return engine.run("deploy", undefined, { url, quiet: true, only });
}
