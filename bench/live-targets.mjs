// The live targets of the bench: weft's /live (service token, REST update through /v2/crdt/update) and two
// Hocuspocus baselines (bench/live-plain-server.mjs, started here on free ports of 127.0.0.1): plain, and with
// @hocuspocus/extension-database persisting to the bench's PostgreSQL (`hocuspocusDatabaseUrl`).
import path from "node:path";
import { postOk } from "./lib/http.mjs";
import { freePort, startNode, waitFor } from "./lib/processes.mjs";
import { LIVE_TEXT } from "./live.mjs";

const ORG = "bench-live";
const DOC = "bench-live-document";
const EDITOR = "editor";

const liveName = (apiKey, org, doc, editor) => [apiKey, org, doc, editor].map(encodeURIComponent).join("/");

/** A Hocuspocus baseline on a free port: plain, or with the database extension when `databaseUrl` is given. */
async function hocuspocusTarget({ root, resultsDir, label, file, databaseUrl }) {
  const port = await freePort();
  const child = startNode(label, [path.join(root, "bench", "live-plain-server.mjs")], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", HOCUSPOCUS_DATABASE_URL: databaseUrl ?? "" },
    logFile: path.join(resultsDir, file),
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(label, child, async () => (await fetch(`${base}/healthz`)).ok, 30_000);
  const prefix = databaseUrl ? "database" : "plain";
  const name = liveName(prefix, ORG, DOC, EDITOR);
  return {
    label,
    // The persistence baseline is measured where persistence costs: accepted updates/s.
    throughputOnly: Boolean(databaseUrl),
    wsUrl: `ws://127.0.0.1:${port}`,
    name,
    token: "unused",
    pid: child.pid,
    writerName: (i) => liveName(prefix, ORG, `writer-${i}`, EDITOR),
    restReplace: async (text) => {
      const res = await fetch(`${base}/update`, {
        method: "POST",
        body: JSON.stringify({ name, key: LIVE_TEXT, text }),
      });
      if (res.status !== 204) throw new Error(`${label} /update -> ${res.status}`);
    },
  };
}

export const PLAIN = "plain Hocuspocus";
export const WITH_DATABASE = "Hocuspocus + extension-database";

export async function liveTargets({ root, resultsDir, weftBase, weftPid, tenant, hocuspocusDatabaseUrl }) {
  const plain = await hocuspocusTarget({ root, resultsDir, label: PLAIN, file: "live-plain-server.log" });
  const withDatabase = hocuspocusDatabaseUrl
    ? await hocuspocusTarget({
        root,
        resultsDir,
        label: WITH_DATABASE,
        file: "live-database-server.log",
        databaseUrl: hocuspocusDatabaseUrl,
      })
    : null;

  const where = { organizationId: ORG, documentId: DOC, editorId: EDITOR };
  await postOk(
    weftBase,
    "/v2/crdt/add",
    { ...where, type: "text", contentKey: LIVE_TEXT, data: "start" },
    tenant.keyHeaders,
  );
  const apiKey = tenant.apiKeyId;
  return [
    plain,
    ...(withDatabase ? [withDatabase] : []),
    {
      label: "weft",
      wsUrl: `${weftBase.replace(/^http/, "ws")}/live`,
      name: liveName(apiKey, ORG, DOC, EDITOR),
      token: `${apiKey}:${tenant.keyHeaders["x-velt-auth-token"]}`,
      pid: weftPid,
      writerName: (i) => liveName(apiKey, ORG, `writer-${i}`, EDITOR),
      restReplace: (text) =>
        postOk(weftBase, "/v2/crdt/update", { ...where, type: "text", data: text }, tenant.keyHeaders),
    },
  ];
}
