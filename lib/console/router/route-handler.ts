import "server-only";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { appRouter } from "./app-router";
import { contextFromRequest } from "./context";
import { crossSiteRefusal } from "./same-origin";

// `/api/trpc/*`: the console's router over HTTP (queries by GET, mutations by POST, subscriptions as
// server-sent events), for the signed-in browser only (same-origin.ts).

export const TRPC_ENDPOINT = "/api/trpc";

export async function handleConsoleRpc(req: Request): Promise<Response> {
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
    createContext: () => contextFromRequest(req.headers),
    responseMeta: () => ({ headers: new Headers({ "cache-control": "no-store" }) }),
  });
}
