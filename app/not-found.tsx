import Link from "next/link";
import { connection } from "next/server";
import { ui } from "@/components/console/styles";

export const metadata = { title: "Not found · weft" };

/** Any unknown page outside the console (the console has its own, inside its frame). */
export default async function NotFound() {
  // Rendered per request, not prerendered at build: its scripts need the request's CSP nonce (proxy.ts).
  await connection();
  return (
    <main className="mx-auto flex min-h-screen w-full max-w-xl flex-col px-4 py-10 sm:px-8 sm:py-16">
      <p className="text-2xl font-semibold tracking-tight">weft</p>
      <div className={`${ui.card} mt-10`}>
        <h1 className="text-2xl font-semibold tracking-tight">Not found</h1>
        <p className="mt-2 text-zinc-600">There is no page at this address.</p>
        <div className="mt-5 flex flex-col gap-2 sm:flex-row">
          <Link href="/workspaces" className={ui.primary}>
            Your workspaces
          </Link>
          <Link href="/" className={ui.secondary}>
            Sign-in page
          </Link>
        </div>
      </div>
    </main>
  );
}
