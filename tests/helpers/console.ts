import { TRPCError } from "@trpc/server";
import { expect } from "vitest";
import type { Viewer } from "@/lib/console/access";
import { createCaller } from "@/lib/console/router/app-router";
import type { ConsoleContext } from "@/lib/console/router/context";
import { describeFailure } from "@/lib/console/router/errors";
import { answerConsoleRpc } from "@/lib/console/router/route-handler";
import { OPERATOR_SCOPE } from "@/lib/domain/scope";

// The console's router in tests: the server caller for a viewer (as server components and the CLI call it), the
// HTTP handler for the wire shape of its answers.

export const IP = "127.0.0.1";
export const owner = (email: string): Viewer => ({
  email,
  operator: false,
  scope: { level: "owner", ownerEmail: email },
});
export const operator: Viewer = { email: "ops@example.com", operator: true, scope: OPERATOR_SCOPE };

export const consoleAs = (viewer: Viewer | null) => createCaller({ viewer, clientIp: IP });

/** What a rejected call failed with: the wire status, the message and the field, as a form gets them. */
export async function refusal(call: Promise<unknown>) {
  const e = await call.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e, "the call should have failed").toBeInstanceOf(TRPCError);
  return describeFailure(e as TRPCError);
}

/** One procedure by its dotted path (`v2.workspace.apikey.update`), for walking every derived procedure. */
export function procedureAt(caller: ReturnType<typeof createCaller>, path: string) {
  let node: unknown = caller;
  for (const segment of path.split(".")) node = (node as Record<string, unknown>)[segment];
  return node as (input: unknown) => Promise<unknown>;
}

/** One HTTP request to /api/trpc as `viewer`, from the console's own page unless `headers` say otherwise. */
export async function httpCall(
  viewer: Viewer | null,
  path: string,
  input: unknown,
  method: "GET" | "POST",
  headers: Record<string, string> = { "sec-fetch-site": "same-origin", "content-type": "application/json" },
) {
  const url = new URL(`http://localhost/api/trpc/${path}`);
  if (method === "GET") url.searchParams.set("input", JSON.stringify(input));
  const context: ConsoleContext = { viewer, clientIp: IP };
  const req = new Request(url, { method, headers, ...(method === "POST" && { body: JSON.stringify(input) }) });
  const res = await answerConsoleRpc(req, () => context);
  return {
    status: res.status,
    body: (await res.json()) as {
      result?: { data: unknown };
      error?: { message: string; data: Record<string, unknown> };
    },
  };
}
