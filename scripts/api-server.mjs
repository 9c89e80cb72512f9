#!/usr/bin/env node
// A weft API server without Next, for tests that kill and restart a server and for the fan-out benchmark:
// weft's own start-up (startWeft, role server: migrations, job workers, event dispatcher) behind a plain
// node:http server that hands every request to the API dispatcher (and GET /api/metrics to the metrics
// endpoint). No build needed. Prints
// "listening <port>" when ready.
//
//   WEFT_DATA_DIR=... node scripts/api-server.mjs   (listens on a free port on 127.0.0.1)
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);
const [cjs, esm] = await Promise.all([import("tsx/cjs/api"), import("tsx/esm/api")]);
cjs.register();
esm.register({ tsconfig: path.join(root, "tsconfig.json") });
await import(pathToFileURL(path.join(root, "scripts/api-server-main.ts")).href);
