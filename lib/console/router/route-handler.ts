import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import { appRouter } from "./app-router";
import { contextFromRequest, type ConsoleContext } from "./context";
import { crossSiteRefusal } from "./same-origin";

// `/api/trpc/*`: the console's router over HTTP (queries by GET, mutations by POST, subscriptions as
// server-sent events), for the signed-in browser only (same-origin.ts).
//
// A refusal (a status below 500: invalid input, not found, not allowed, signed out) is an answer, not a failed
// request: it is sent with HTTP 200 and the error in the body (its status in `error.data.httpStatus`), as the
// console's server actions answered, so the browser does not log every refused form as a failed load.

export const TRPC_ENDPOINT = "/api/trpc";

export function handleConsoleRpc(req: Request): Promise<Response> {
  return answerConsoleRpc(req, () => contextFromRequest(req.headers));
}

/** The router's answer to `req` for the caller `context` names (the session's; a test's own). */
export async function answerConsoleRpc(req: Request, context: () => Promise<ConsoleContext> | ConsoleContext) {
  const refused = crossSiteRefusal(req);
  if (refused) {
    return Response.json(
      {
        error: {
          message: refused,
          code: -32003,
          data: { code: "FORBIDDEN", httpStatus: 403, status: "PERMISSION_DENIED" },
        },
      },
      { status: 403, headers: { "cache-control": "no-store" } },
    );
  }
  return fetchRequestHandler({
    endpoint: TRPC_ENDPOINT,
    req,
    router: appRouter,
    createContext: context,
    responseMeta: ({ errors }) => ({
      headers: new Headers({ "cache-control": "no-store" }),
      ...(errors.length > 0 && errors.every((e) => getHTTPStatusCodeFromError(e) < 500) && { status: 200 }),
    }),
  });
}
