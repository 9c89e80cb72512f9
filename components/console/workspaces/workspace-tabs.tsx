import Link from "next/link";

const tabClass =
  "inline-block border-b-2 border-transparent px-1 pb-2 text-sm font-medium text-zinc-600 hover:border-zinc-300 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-offset-2 aria-[current=page]:border-zinc-900 aria-[current=page]:text-zinc-900";

/** Overview / API keys of one workspace. */
export function WorkspaceTabs({ workspaceId, current }: { workspaceId: string; current: "overview" | "keys" }) {
  const tabs = [
    { key: "overview", href: `/workspaces/${workspaceId}`, label: "Overview" },
    { key: "keys", href: `/workspaces/${workspaceId}/keys`, label: "API keys" },
  ] as const;
  return (
    <nav aria-label="Workspace" className="mb-6 border-b border-zinc-200">
      <ul className="flex gap-6">
        {tabs.map((t) => (
          <li key={t.key}>
            <Link href={t.href} className={tabClass} aria-current={t.key === current ? "page" : undefined}>
              {t.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
