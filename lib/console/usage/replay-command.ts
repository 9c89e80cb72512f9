// The curl that replays a logged call (no server imports): its method, URL, the headers that matter to the API
// and its body as the log kept them. Credentials are never in the log (they were redacted when it was written),
// so each one is a shell variable to set first: x-service-auth-token becomes "$WEFT_AUTH_TOKEN".

import { REDACTED, type HeaderList } from "@/lib/domain/usage/redact-secrets";

/** Headers a replay carries: the API's own (`x-service-…`), the body's type and any credential. */
function replayed(name: string, value: string): boolean {
  return name.startsWith("x-service-") || name === "content-type" || value === REDACTED;
}

/** "x-service-workspace-auth-token" -> "WEFT_WORKSPACE_AUTH_TOKEN" */
function credentialVariable(header: string): string {
  return `WEFT_${header
    .replace(/^x-service-/, "")
    .replace(/[^a-z0-9]+/gi, "_")
    .toUpperCase()}`;
}

/** A POSIX shell word that is exactly `text`. */
function quoted(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

export function replayCommand(
  call: { method: string; url: string; requestHeaders: HeaderList; requestBody: string | null },
  baseUrl: string,
): string {
  const lines = [`curl -X ${call.method} ${quoted(`${baseUrl.replace(/\/$/, "")}${call.url}`)}`];
  for (const [name, value] of call.requestHeaders) {
    if (!replayed(name, value)) continue;
    lines.push(value === REDACTED ? `-H "${name}: $${credentialVariable(name)}"` : `-H ${quoted(`${name}: ${value}`)}`);
  }
  if (call.requestBody) lines.push(`--data-raw ${quoted(call.requestBody)}`);
  return lines.join(" \\\n  ");
}

/** The variables the command expects to be set. */
export function replayVariables(requestHeaders: HeaderList): string[] {
  return requestHeaders.filter(([, value]) => value === REDACTED).map(([name]) => credentialVariable(name));
}
