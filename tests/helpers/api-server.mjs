#!/usr/bin/env node
// A real weft server process for tests that kill and restart one: weft's own start-up (startWeft, role
// server: migrations, job workers, event dispatcher) behind a plain node:http server that hands every
// request to the API dispatcher. No Next build needed. Prints "listening <port>" when ready.
//
//   WEFT_DATA_DIR=... node tests/helpers/api-server.mjs   (listens on a free port on 127.0.0.1)
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
process.chdir(root);
const [cjs, esm] = await Promise.all([import("tsx/cjs/api"), import("tsx/esm/api")]);
cjs.register();
esm.register({ tsconfig: path.join(root, "tsconfig.json") });
await import(pathToFileURL(path.join(root, "tests/helpers/api-server-main.ts")).href);
