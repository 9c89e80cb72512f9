import path from "node:path";
import { pathToFileURL } from "node:url";

// Applies prisma/migrations through scripts/schema-engine.mjs (Prisma's WASM schema engine). It is loaded
// from disk, not bundled: the engine resolves its .wasm next to its own package.
export async function deployMigrations(url: string): Promise<string[]> {
  const file = pathToFileURL(path.join(process.cwd(), "scripts/schema-engine.mjs")).href;
  const engine = (await import(/* webpackIgnore: true */ /* turbopackIgnore: true */ file)) as {
    run(cmd: string, name: string | undefined, options: { url: string; quiet: boolean }): Promise<string[]>;
  };
  return engine.run("deploy", undefined, { url, quiet: true });
}
