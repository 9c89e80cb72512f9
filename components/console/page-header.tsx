import Link from "next/link";
import type { ReactNode } from "react";

export interface Crumb {
  href: string;
  label: string;
}

/** A page's title, with the trail back up and the page's main actions. */
export function PageHeader({
  title,
  crumbs = [],
  description,
  actions,
}: {
  title: string;
  crumbs?: Crumb[];
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="mb-6">
      {crumbs.length > 0 && (
        <nav aria-label="Breadcrumb" className="mb-2 text-sm text-zinc-600">
          <ol className="flex flex-wrap items-center gap-1">
            {crumbs.map((c) => (
              <li key={c.href} className="flex min-w-0 items-center gap-1">
                <Link
                  href={c.href}
                  className="truncate rounded-sm hover:text-zinc-900 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2"
                >
                  {c.label}
                </Link>
                <span aria-hidden="true">/</span>
              </li>
            ))}
          </ol>
        </nav>
      )}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight break-words">{title}</h1>
          {description && <div className="mt-1 text-zinc-600">{description}</div>}
        </div>
        {actions && <div className="flex shrink-0 flex-wrap gap-2">{actions}</div>}
      </div>
    </div>
  );
}
