import Link from "next/link";
import type { Section } from "@/lib/console/sections";

const tabClass =
  "inline-block whitespace-nowrap border-b-2 border-transparent px-1 pb-2 text-sm font-medium text-zinc-600 hover:border-zinc-300 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-offset-2 aria-[current=page]:border-zinc-900 aria-[current=page]:text-zinc-900";

/** The tabs of a workspace or a key (lib/console/sections.ts); they scroll sideways on narrow screens. */
export function SectionTabs({
  label,
  base,
  sections,
  current,
}: {
  label: string;
  base: string;
  sections: readonly Section[];
  current: string;
}) {
  return (
    <nav aria-label={label} className="mb-6 overflow-x-auto border-b border-zinc-200">
      <ul className="flex gap-6 pt-1">
        {sections.map((s) => (
          <li key={s.id}>
            <Link href={`${base}${s.path}`} className={tabClass} aria-current={s.id === current ? "page" : undefined}>
              {s.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
