// The two live targets of the bench: weft's /live (service token, REST update through /v2/crdt/update) and the
// plain Hocuspocus baseline (bench/live-plain-server.mjs, started here on a free port of 127.0.0.1).
import path from "node:path";
import { postOk } from "./lib/http.mjs";
import { freePort, startNode, waitFor } from "./lib/processes.mjs";
import { LIVE_TEXT } from "./live.mjs";

const ORG = "bench-live";
const DOC = "bench-live-document";
const EDITOR = "editor";

const liveName = (apiKey, org, doc, editor) => [apiKey, org, doc, editor].map(encodeURIComponent).join("/");

export async function liveTargets({ root, resultsDir, weftBase, weftPid, tenant }) {
  const port = await freePort();
  const plain = startNode("live-plain", [path.join(root, "bench", "live-plain-server.mjs")], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1" },
    logFile: path.join(resultsDir, "live-plain-server.log"),
  });
  const plainBase = `http://127.0.0.1:${port}`;
  await waitFor("plain Hocuspocus server", plain, async () => (await fetch(`${plainBase}/healthz`)).ok, 30_000);

  const where = { organizationId: ORG, documentId: DOC, editorId: EDITOR };
  await postOk(
    weftBase,
    "/v2/crdt/add",
    { ...where, type: "text", contentKey: LIVE_TEXT, data: "start" },
    tenant.keyHeaders,
  );
  const apiKey = tenant.apiKeyId;
  const plainName = liveName("plain", ORG, DOC, EDITOR);
  return [
    {
      label: "plain Hocuspocus",
      wsUrl: `ws://127.0.0.1:${port}`,
      name: plainName,
      token: "unused",
      pid: plain.pid,
      writerName: (i) => liveName("plain", ORG, `writer-${i}`, EDITOR),
      restReplace: async (text) => {
        const res = await fetch(`${plainBase}/update`, {
          method: "POST",
          body: JSON.stringify({ name: plainName, key: LIVE_TEXT, text }),
        });
        if (res.status !== 204) throw new Error(`plain /update -> ${res.status}`);
      },
    },
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
