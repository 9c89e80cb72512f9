import type { ReactNode } from "react";

/** Label / value rows: two columns from the small breakpoint up, stacked on phones. */
export function DetailsList({ items }: { items: [label: string, value: ReactNode][] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-[12rem_1fr]">
      {items.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-sm font-medium text-zinc-500">{label}</dt>
          <dd className="min-w-0 text-zinc-900 break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
