// A weft server process without the HTTP layer: the same start-up (startWeft, role server) that starts the
// job workers and the webhook delivery worker, for tests that kill and restart a server. Configured by env
// (DATABASE_URL, WEFT_SECRET_KEY, ...); prints "ready" once started. Run with plain node.
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
process.chdir(root);
const [cjs, esm] = await Promise.all([import("tsx/cjs/api"), import("tsx/esm/api")]);
cjs.register();
esm.register({ tsconfig: path.join(root, "tsconfig.json") });
const mod = await import(pathToFileURL(path.join(root, "lib/server/start-weft.ts")).href);
const startWeft = mod.startWeft ?? mod.default.startWeft;
const started = await startWeft({ role: "server" });
process.stdout.write("ready\n");
process.on("SIGTERM", () => {
  started.stop().finally(() => process.exit(0));
});
