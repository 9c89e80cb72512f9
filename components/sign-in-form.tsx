"use client";

import { signIn } from "next-auth/react";
import { useId, useState, type FormEvent } from "react";
import { loginErrorMessage } from "@/lib/auth/messages";
import { useHydrated } from "./console/use-hydrated";

type State =
  { kind: "idle" } | { kind: "sending" } | { kind: "sent"; email: string } | { kind: "error"; message: string };

/** Email sign-in: next-auth's email provider (CSRF handled by signIn), answered inline. */
export function SignInForm({
  callbackUrl = "/workspaces",
  devOutbox = false,
}: {
  callbackUrl?: string;
  devOutbox?: boolean;
}) {
  const [email, setEmail] = useState("");
  const [state, setState] = useState<State>({ kind: "idle" });
  const inputId = useId();
  const statusId = useId();

  // Marks the form as interactive once hydrated (the e2e tests wait for it before typing).
  const ready = useHydrated();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = email.trim();
    if (!address) return;
    setState({ kind: "sending" });
    try {
      const result = await signIn("email", { email: address, callbackUrl, redirect: false });
      if (!result || result.error) setState({ kind: "error", message: loginErrorMessage(result?.error ?? "") });
      else setState({ kind: "sent", email: address });
    } catch {
      setState({ kind: "error", message: loginErrorMessage("") });
    }
  }

  const sending = state.kind === "sending";
  return (
    <form onSubmit={submit} data-ready={ready ? "true" : undefined} aria-describedby={statusId} className="space-y-3">
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
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          disabled={sending}
          className="min-w-0 flex-1 rounded-md border border-zinc-300 bg-white px-3 py-2 text-base text-zinc-900 placeholder:text-zinc-400 focus:border-zinc-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-zinc-900/20 disabled:bg-zinc-50"
        />
        <button
          type="submit"
          disabled={sending || !ready}
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
