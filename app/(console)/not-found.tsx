import Link from "next/link";
import { ui } from "@/components/console/styles";

export default function ConsoleNotFound() {
  return (
    <div className={`${ui.card} max-w-xl`}>
      <h1 className="text-2xl font-semibold tracking-tight">Not found</h1>
      <p className="mt-2 text-zinc-600">This page does not exist, or it belongs to a workspace you cannot see.</p>
      <p className="mt-4">
        <Link href="/workspaces" className={ui.link}>
          Back to your workspaces
        </Link>
      </p>
    </div>
  );
}
