// The first call of a key's Getting started, in each language it offers. Every snippet is a complete program
// that works when pasted: the base URL and API key (not secrets) are written in, the auth token is read from
// the WEFT_AUTH_TOKEN environment variable so that no snippet carries a secret.

export const AUTH_TOKEN_VARIABLE = "WEFT_AUTH_TOKEN";

export interface FirstCall {
  baseUrl: string;
  apiKeyId: string;
  /** Get Organizations needs advanced queries; Get Users works on any key. */
  advancedQueries: boolean;
}

export interface Snippet {
  id: "curl" | "node" | "typed" | "python";
  label: string;
  /** What to save it as and how to run it, shown above the code. */
  howToRun: string;
  code: string;
}

function request({ advancedQueries }: FirstCall) {
  return advancedQueries
    ? { path: "/v2/organizations/get", body: `{ "data": {} }` }
    : { path: "/v2/users/get", body: `{ "data": { "organizationId": "getting-started" } }` };
}

export function firstCallSnippets(call: FirstCall): Snippet[] {
  const base = call.baseUrl.replace(/\/$/, "");
  const { path, body } = request(call);
  const url = `${base}${path}`;
  return [
    {
      id: "curl",
      label: "curl",
      howToRun: "Paste it into the same shell.",
      code: [
        `curl -X POST ${url} \\`,
        `  -H 'content-type: application/json' \\`,
        `  -H 'x-service-api-key: ${call.apiKeyId}' \\`,
        `  -H "x-service-auth-token: $${AUTH_TOKEN_VARIABLE}" \\`,
        `  -d '${body.replace(/\s/g, "")}'`,
      ].join("\n"),
    },
    {
      id: "node",
      label: "Node (fetch)",
      howToRun: "Save as first-call.mjs and run node first-call.mjs (Node 18 or later).",
      code: [
        `const response = await fetch("${url}", {`,
        `  method: "POST",`,
        `  headers: {`,
        `    "content-type": "application/json",`,
        `    "x-service-api-key": "${call.apiKeyId}",`,
        `    "x-service-auth-token": process.env.${AUTH_TOKEN_VARIABLE},`,
        `  },`,
        `  body: JSON.stringify(${body}),`,
        `});`,
        `console.log(response.status, await response.json());`,
      ].join("\n"),
    },
    {
      id: "typed",
      label: "Node (typed client)",
      howToRun: [
        "Types from the served OpenAPI document, calls through openapi-fetch:",
        "npm install openapi-fetch && npm install -D openapi-typescript tsx,",
        `npx openapi-typescript ${base}/api/openapi.json -o weft.d.ts,`,
        "save as first-call.mts and run npx tsx first-call.mts.",
      ].join(" "),
      code: [
        `import createClient from "openapi-fetch";`,
        `import type { paths } from "./weft";`,
        ``,
        `const weft = createClient<paths>({`,
        `  baseUrl: "${base}",`,
        `  headers: {`,
        `    "x-service-api-key": "${call.apiKeyId}",`,
        `    "x-service-auth-token": process.env.${AUTH_TOKEN_VARIABLE},`,
        `  },`,
        `});`,
        `const { data, error } = await weft.POST("${path}", { body: ${body} });`,
        `console.log(error ?? data);`,
      ].join("\n"),
    },
    {
      id: "python",
      label: "Python",
      howToRun: "Save as first_call.py and run python3 first_call.py (standard library only).",
      code: [
        `import json, os, urllib.request`,
        ``,
        `request = urllib.request.Request(`,
        `    "${url}",`,
        `    method="POST",`,
        `    data=json.dumps(${body}).encode(),`,
        `    headers={`,
        `        "content-type": "application/json",`,
        `        "x-service-api-key": "${call.apiKeyId}",`,
        `        "x-service-auth-token": os.environ["${AUTH_TOKEN_VARIABLE}"],`,
        `    },`,
        `)`,
        `with urllib.request.urlopen(request) as response:`,
        `    print(response.status, json.load(response))`,
      ].join("\n"),
    },
  ];
}
