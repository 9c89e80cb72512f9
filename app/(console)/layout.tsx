import Link from "next/link";
import type { ReactNode } from "react";
import { ConsoleNav } from "@/components/console/console-nav";
import { QueryProvider } from "@/components/console/query-provider";
import { ui } from "@/components/console/styles";
import { Toaster } from "@/components/console/toaster";
import { SignOutButton } from "@/components/sign-out-button";
import { currentViewer } from "@/lib/console/viewer";
import { env } from "@/lib/infra/env";

// The console's frame. Each page checks the session itself (requireViewer), because a layout is not rendered
// again on client-side navigation and does not know the path to come back to after signing in.
export const dynamic = "force-dynamic";

export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const viewer = await currentViewer();
  return (
    <QueryProvider>
      <Toaster>
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-10 focus:rounded-md focus:bg-white focus:px-3 focus:py-2"
        >
          Skip to content
        </a>
        <header className="border-b border-zinc-200 bg-white">
          <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 sm:px-6">
            <Link
              href="/workspaces"
              className="rounded-sm text-lg font-semibold tracking-tight focus-visible:outline-2 focus-visible:outline-offset-2"
            >
              weft
            </Link>
            <ConsoleNav mailbox={!env().WEFT_SENDGRID_API_KEY} />
            {viewer && (
              <div className="flex w-full min-w-0 items-center gap-3 sm:ml-auto sm:w-auto">
                <span className="min-w-0 truncate text-sm text-zinc-600" title={viewer.email}>
                  {viewer.email}
                </span>
                {viewer.operator && (
                  <span className={`${ui.badge} border-amber-300 bg-amber-50 text-amber-900`}>operator</span>
                )}
                <div className="ml-auto sm:ml-0">
                  <SignOutButton />
                </div>
              </div>
            )}
          </div>
        </header>
        <main id="main" className="mx-auto max-w-6xl px-4 py-6 sm:px-6 sm:py-8">
          {children}
        </main>
      </Toaster>
    </QueryProvider>
  );
}
