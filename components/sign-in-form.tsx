"use client";

import { useActionState, useId } from "react";
import { requestLinkAction, type RequestLinkState } from "@/lib/console/session/request-link-action";
import { useHydrated } from "./console/use-hydrated";

/**
 * Email sign-in: a magic link through the console's session.requestLink procedure, called by a server action so
 * that the form also works before JavaScript has loaded; answered inline.
 */
export function SignInForm({
  callbackUrl = "/workspaces",
  devOutbox = false,
}: {
  callbackUrl?: string;
  devOutbox?: boolean;
}) {
  const [state, formAction, sending] = useActionState<RequestLinkState, FormData>(requestLinkAction, { kind: "idle" });
  const inputId = useId();
  const statusId = useId();

  // Marks the form as interactive once hydrated (the e2e tests wait for it before typing).
  const ready = useHydrated();

  return (
    <form action={formAction} data-ready={ready ? "true" : undefined} aria-describedby={statusId} className="space-y-3">
      <input type="hidden" name="callbackUrl" value={callbackUrl} />
      <label htmlFor={inputId} className="block text-sm font-medium text-zinc-800">
        Email
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id={inputId}
          name="email"
          type="email"
          required
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          defaultValue={state.kind === "error" ? state.email : ""}
          key={state.kind === "sent" ? `sent-${state.email}` : "form"}
          readOnly={sending}
          className="min-w-0 flex-1 rounded-md border border-zinc-300 bg-white px-3 py-2 text-base text-zinc-900 placeholder:text-zinc-400 focus:border-zinc-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-zinc-900/20 read-only:bg-zinc-50"
        />
        <button
          type="submit"
          disabled={sending}
          className="rounded-md bg-zinc-900 px-4 py-2 text-base font-medium text-white hover:bg-zinc-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-zinc-900 disabled:cursor-not-allowed disabled:opacity-60"
        >
          {sending ? "Sending…" : "Send sign-in link"}
        </button>
      </div>
      <div id={statusId} role="status" aria-live="polite" className="min-h-6 text-sm">
        {state.kind === "sent" && (
          <p className="rounded-md bg-emerald-50 px-3 py-2 text-emerald-900">
            Check your email: a sign-in link is on its way to{" "}
            <span className="font-medium break-words">{state.email}</span>.
            {devOutbox &&
              " No mail service is configured, so it is in the dev outbox (server log, npx weft outbox:list)."}
          </p>
        )}
        {state.kind === "error" && <p className="rounded-md bg-red-50 px-3 py-2 text-red-800">{state.message}</p>}
      </div>
    </form>
  );
}
