"use client";

import { useId, useRef, useState, type KeyboardEvent } from "react";
import { CopyButton } from "./copy-button";

export interface CodeTab {
  id: string;
  label: string;
  /** A line above the code: what to save it as and how to run it. */
  note?: string;
  code: string;
}

/**
 * Code in several languages as tabs (the WAI-ARIA tabs pattern: arrow keys move between tabs), each with its
 * own Copy button. `codeLabel` names the code block, the same whichever tab is open.
 */
export function CodeTabs({ tabs, label, codeLabel }: { tabs: CodeTab[]; label: string; codeLabel: string }) {
  const [selected, setSelected] = useState(tabs[0].id);
  const base = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const current = tabs.find((t) => t.id === selected) ?? tabs[0];

  function onKeyDown(e: KeyboardEvent, index: number) {
    const step = { ArrowRight: 1, ArrowLeft: -1 }[e.key];
    const to = e.key === "Home" ? 0 : e.key === "End" ? tabs.length - 1 : step ? index + step : undefined;
    if (to === undefined) return;
    e.preventDefault();
    const next = (to + tabs.length) % tabs.length;
    setSelected(tabs[next].id);
    buttons.current[next]?.focus();
  }

  return (
    <div>
      <div role="tablist" aria-label={label} className="flex flex-wrap gap-1 border-b border-zinc-200">
        {tabs.map((t, i) => {
          const active = t.id === current.id;
          return (
            <button
              key={t.id}
              ref={(el) => {
                buttons.current[i] = el;
              }}
              type="button"
              role="tab"
              id={`${base}-tab-${t.id}`}
              aria-selected={active}
              aria-controls={`${base}-panel`}
              tabIndex={active ? 0 : -1}
              onClick={() => setSelected(t.id)}
              onKeyDown={(e) => onKeyDown(e, i)}
              className={`-mb-px rounded-t-md border-b-2 px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:-outline-offset-2 ${
                active ? "border-zinc-900 text-zinc-900" : "border-transparent text-zinc-600 hover:text-zinc-900"
              }`}
            >
              {t.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`${base}-panel`} aria-labelledby={`${base}-tab-${current.id}`} className="pt-3">
        {current.note && <p className="mb-2 text-sm text-zinc-600">{current.note}</p>}
        <pre
          aria-label={codeLabel}
          data-snippet={current.id}
          tabIndex={0}
          className="overflow-x-auto rounded-md bg-zinc-100 p-3 font-mono text-xs whitespace-pre text-zinc-900"
        >
          {current.code}
        </pre>
        <div className="mt-3">
          <CopyButton value={current.code} label={`Copy the ${current.label} call`} />
        </div>
      </div>
    </div>
  );
}
