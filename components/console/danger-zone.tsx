import type { ReactNode } from "react";

/**
 * Destructive actions, set apart at the foot of a page: a rule and a "Danger zone" label above a red-bordered
 * card, so they are never mistaken for the settings around them.
 */
export function DangerZone({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="mt-10 border-t border-zinc-200 pt-6">
      <p className="mb-3 text-xs font-semibold tracking-wide text-red-800 uppercase">Danger zone</p>
      <div className="rounded-lg border-2 border-red-300 bg-red-50 p-4 sm:p-6">
        <h2 id={id} className="text-base font-semibold text-red-900">
          {title}
        </h2>
        <p className="mt-1 mb-4 text-sm text-red-900">{description}</p>
        {children}
      </div>
    </section>
  );
}
