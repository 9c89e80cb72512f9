import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import { TRPCError } from "@trpc/server";
import { createCaller } from "../router/app-router";
import { contextFromRequest, type ConsoleContext } from "../router/context";
import { describeFailure } from "../router/errors";
import { crossSiteRefusal } from "../router/same-origin";

// `GET /api/audit/export?workspaceId=…&format=csv|json&actor=…&action=…&outcome=…&since=…&until=…`: the audit
// log as a file download. It calls the router's `audit.export`, so the same session, role check (admins and
// owners) and tenant scope apply as on the audit page.

const FILTERS = ["actor", "action", "outcome", "since", "until", "format"] as const;

export function handleAuditExport(req: Request): Promise<Response> {
  return answerAuditExport(req, () => contextFromRequest(req.headers));
}

export async function answerAuditExport(req: Request, context: () => Promise<ConsoleContext> | ConsoleContext) {
  const refused = crossSiteRefusal(req);
  if (refused) return Response.json({ error: refused }, { status: 403 });
  const params = new URL(req.url).searchParams;
  const data = Object.fromEntries(FILTERS.flatMap((f) => (params.get(f) ? [[f, params.get(f)]] : [])));
  try {
    const file = await createCaller(await context()).audit.export({
      workspaceId: params.get("workspaceId") ?? "",
      data,
    });
    return new Response(file.body, {
      headers: {
        "content-type": `${file.contentType}; charset=utf-8`,
        "content-disposition": `attachment; filename="${file.filename}"`,
        "cache-control": "no-store",
      },
    });
  } catch (e) {
    if (!(e instanceof TRPCError)) throw e;
    const { message, status } = describeFailure(e);
    return Response.json({ error: message, status }, { status: getHTTPStatusCodeFromError(e) });
  }
}
