import { clientIpOf } from "@/lib/api/client-ip";
import { OPERATOR_SCOPE } from "@/lib/domain/scope";
import type { Viewer } from "../access";

// What every procedure knows about its caller: who is signed in (null: nobody) and the client's address (rate
// limits count per address, as the REST API does). Built from the request's session cookie by the route
// handler and the server components' caller, or handed in by a trusted in-process caller (the CLI).

export interface ConsoleContext {
  viewer: Viewer | null;
  clientIp: string;
}

export async function contextFromRequest(headers: Headers): Promise<ConsoleContext> {
  // Imported here, not at the top: next-auth and next/headers stay out of the CLI's import graph.
  const { currentViewer } = await import("../viewer");
  return { viewer: await currentViewer(), clientIp: clientIpOf(headers) };
}

/** The operator as the CLI acts: every workspace, operator settings allowed. */
export const OPERATOR_CLI: ConsoleContext = {
  viewer: { email: "operator@cli", operator: true, scope: OPERATOR_SCOPE },
  clientIp: "cli",
};
