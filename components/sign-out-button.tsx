"use client";

import { signOut } from "next-auth/react";
import { useState } from "react";
import { useHydrated } from "./console/use-hydrated";

/** Ends the database session (next-auth sign-out with CSRF) and reloads the landing page. */
export function SignOutButton({ callbackUrl = "/" }: { callbackUrl?: string }) {
  const [pending, setPending] = useState(false);
  const ready = useHydrated();
  return (
    <button
      type="button"
      disabled={pending || !ready}
      data-ready={ready ? "true" : undefined}
      onClick={() => {
        setPending(true);
        signOut({ callbackUrl }).catch(() => setPending(false));
      }}
      className="shrink-0 whitespace-nowrap rounded-md border border-zinc-300 bg-white px-4 py-2 text-base font-medium text-zinc-900 hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-zinc-900 disabled:opacity-60"
    >
      {pending ? "Signing out…" : "Sign out"}
    </button>
  );
}
