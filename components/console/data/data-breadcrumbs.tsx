import Link from "next/link";
import { browseHref, type BrowseLevel } from "@/lib/console/data/browse-level";
import { ui } from "../styles";

/** Where in the key's data the page is, each level above it a link. */
export function DataBreadcrumbs({ base, level }: { base: string; level: BrowseLevel }) {
  const crumbs: { label: string; href?: string }[] = [{ label: "Organizations", href: base }];
  if (level.kind === "organization") {
    const { organizationId, folderId } = level.filter;
    crumbs.push({ label: organizationId, href: browseHref(base, { org: organizationId }) });
    if (folderId) crumbs.push({ label: `Folder ${folderId}` });
  }
  if (level.kind === "document") {
    const { organizationId, documentId } = level.document;
    crumbs.push({ label: organizationId, href: browseHref(base, { org: organizationId }) });
    crumbs.push({ label: documentId });
  }
  crumbs.at(-1)!.href = undefined;
  return (
    <nav aria-label="Data breadcrumbs">
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-zinc-600">
        {crumbs.map((c, i) => (
          <li key={i} className="flex min-w-0 items-center gap-2">
            {i > 0 && <span aria-hidden="true">/</span>}
            {c.href ? (
              <Link href={c.href} className={`${ui.link} ${ui.mono}`}>
                {c.label}
              </Link>
            ) : (
              <span aria-current="page" className={`${ui.mono} text-zinc-900`}>
                {c.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
