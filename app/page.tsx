import Link from "next/link";
import { ui } from "@/components/console/styles";
import { SignInForm } from "@/components/sign-in-form";
import { SignOutButton } from "@/components/sign-out-button";
import { loginErrorMessage } from "@/lib/auth/messages";
import { getSession } from "@/lib/auth/session";
import { env } from "@/lib/infra/env";

// The console's front door: who is signed in (with the way into the console), or the email sign-in form.
// It is also next-auth's sign-in, "check your email" and error page (lib/auth/options.ts), and where console
// pages send signed-out visitors, with the page to come back to as callbackUrl.
export const dynamic = "force-dynamic";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export default async function Home({ searchParams }: { searchParams: SearchParams }) {
  const [session, params] = await Promise.all([getSession(), searchParams]);
  const email = session?.user?.email;
  const error = one(params.error);

  return (
    <main className="mx-auto flex min-h-screen w-full max-w-xl flex-col px-4 py-10 sm:px-8 sm:py-16">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight">weft</h1>
        <p className="mt-1 text-zinc-600">Collaboration backend. The REST API lives under /v1 and /v2.</p>
      </header>

      <section
        aria-labelledby="console-heading"
        className="mt-10 rounded-lg border border-zinc-200 p-5 shadow-sm sm:p-6"
      >
        <h2 id="console-heading" className="text-lg font-medium">
          Console
        </h2>
        {email ? (
          <div className="mt-4 space-y-4">
            <p className="text-zinc-800">
              Signed in as <strong className="font-semibold break-words">{email}</strong>
            </p>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Link href="/workspaces" className={ui.primary}>
                Open the console
              </Link>
              <SignOutButton />
            </div>
          </div>
        ) : (
          <div className="mt-2 space-y-4">
            <p className="text-sm text-zinc-600">Sign in with a link sent to your email address.</p>
            {error && (
              <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
                {loginErrorMessage(error)}
              </p>
            )}
            {one(params.sent) && !error && (
              <p className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
                Check your email for a sign-in link.
              </p>
            )}
            {/* next-auth sends people here with the page they wanted (its redirect callback vets the URL); a plain
                sign-in lands on the workspace list, not back on this page. */}
            <SignInForm
              callbackUrl={one(params.callbackUrl) || "/workspaces"}
              devOutbox={!env().WEFT_SENDGRID_API_KEY}
            />
          </div>
        )}
      </section>
    </main>
  );
}
