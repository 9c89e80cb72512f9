#!/usr/bin/env node
// `npx weft ...`: the operator CLI. Runs cli/main.ts through tsx from the project root, where the app's
// configuration (tsconfig paths, prisma/migrations, the default .data dir) is resolved. This tiny package
// is a file: dependency of the app so that npm links `weft` into node_modules/.bin and npx finds it locally.
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
process.chdir(root);

// The app's .ts files are ESM in a package without "type": "module": tsx needs both its hooks, as its own
// CLI installs them.
const tsconfig = path.join(root, "tsconfig.json");
const [cjs, esm] = await Promise.all([import("tsx/cjs/api"), import("tsx/esm/api")]);
cjs.register(); // reads tsconfig.json from the cwd
esm.register({ tsconfig });
await import(pathToFileURL(path.join(root, "cli/main.ts")).href);
