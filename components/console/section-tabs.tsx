"use client";

import Link from "next/link";
import { useEffect, useRef } from "react";
import type { Section } from "@/lib/console/sections";

const tabClass =
  "inline-block whitespace-nowrap border-b-2 border-transparent px-1 pb-2 text-sm font-medium text-zinc-600 hover:border-zinc-300 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-offset-2 aria-[current=page]:border-zinc-900 aria-[current=page]:text-zinc-900";

/**
 * The tabs of a workspace or a key (lib/console/sections.ts). On a narrow screen the bar scrolls sideways
 * inside itself (the page never does), and the current tab is scrolled into view.
 */
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
  const nav = useRef<HTMLElement>(null);
  useEffect(() => {
    const bar = nav.current;
    const tab = bar?.querySelector<HTMLElement>("[aria-current=page]");
    if (!bar || !tab || bar.scrollWidth <= bar.clientWidth) return;
    const offset = tab.getBoundingClientRect().left - bar.getBoundingClientRect().left;
    bar.scrollLeft += offset - (bar.clientWidth - tab.offsetWidth) / 2;
  }, [current]);
  return (
    <nav
      ref={nav}
      aria-label={label}
      className="mb-6 max-w-full overflow-x-auto overscroll-x-contain border-b border-zinc-200"
    >
      <ul className="flex w-max gap-6 pt-1 pr-4">
        {sections.map((s) => (
          <li key={s.id} className="shrink-0">
            <Link href={`${base}${s.path}`} className={tabClass} aria-current={s.id === current ? "page" : undefined}>
              {s.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
