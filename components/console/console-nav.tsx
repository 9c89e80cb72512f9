"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

const linkClass =
  "rounded-md px-3 py-1.5 text-sm font-medium text-zinc-700 hover:bg-zinc-100 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-zinc-900 aria-[current=page]:bg-zinc-900 aria-[current=page]:text-white";

/** The console's sections; the mailbox only while mail stays in the dev outbox. */
export function ConsoleNav({ mailbox }: { mailbox: boolean }) {
  const path = usePathname();
  const links = [
    { href: "/workspaces", label: "Workspaces" },
    { href: "/api-reference", label: "API reference" },
    ...(mailbox ? [{ href: "/mailbox", label: "Mailbox" }] : []),
  ];
  return (
    <nav aria-label="Console">
      <ul className="flex flex-wrap gap-1">
        {links.map((l) => (
          <li key={l.href}>
            <Link
              href={l.href}
              className={linkClass}
              aria-current={path === l.href || path.startsWith(`${l.href}/`) ? "page" : undefined}
            >
              {l.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
