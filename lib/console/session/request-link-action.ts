"use server";

import { TRPCError } from "@trpc/server";
import { describeFailure, FAILED } from "../router/errors";
import { serverCaller } from "../router/server";

// The landing page's sign-in form posts here, so it works before JavaScript has loaded (and after, through
// React's form actions): the same procedure as everywhere, session.requestLink, through the server caller.

export type RequestLinkState =
  { kind: "idle" } | { kind: "sent"; email: string } | { kind: "error"; message: string; email: string };

export async function requestLinkAction(_previous: RequestLinkState, form: FormData): Promise<RequestLinkState> {
  const email = String(form.get("email") ?? "").trim();
  const callbackUrl = String(form.get("callbackUrl") ?? "/workspaces");
  try {
    const sent = await (await serverCaller()).session.requestLink({ data: { email, callbackUrl } });
    return { kind: "sent", email: sent.email };
  } catch (e) {
    return { kind: "error", email, message: e instanceof TRPCError ? describeFailure(e).message : FAILED };
  }
}
