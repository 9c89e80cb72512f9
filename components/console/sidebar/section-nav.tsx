import Link from "next/link";
import type { Section } from "@/lib/console/sections";

const linkClass =
  "block rounded-md px-3 py-1.5 text-sm font-medium text-zinc-700 hover:bg-zinc-100 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-zinc-900 aria-[current=page]:bg-zinc-200 aria-[current=page]:text-zinc-900";

/** One level's pages in the sidebar (a workspace's, a key's): a link per section, the current one marked. */
export function SectionNav({
  label,
  base,
  sections,
  current,
  onNavigate,
}: {
  label: string;
  base: string;
  sections: readonly Section[];
  current: string | undefined;
  onNavigate: () => void;
}) {
  return (
    <nav aria-label={label}>
      <ul className="space-y-0.5">
        {sections.map((s) => (
          <li key={s.id}>
            <Link
              href={`${base}${s.path}`}
              className={linkClass}
              aria-current={s.id === current ? "page" : undefined}
              onClick={onNavigate}
            >
              {s.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
