import { CrdtVersions } from "@/components/console/data/crdt-versions";
import { HydrateClient } from "@/components/console/hydrate-client";
import { DataBreadcrumbs } from "@/components/console/data/data-breadcrumbs";
import { DocumentPage } from "@/components/console/data/document-page";
import { DocumentList } from "@/components/console/data/document-list";
import { FolderList } from "@/components/console/data/folder-list";
import { OrganizationList } from "@/components/console/data/organization-list";
import { OrganizationMigrations } from "@/components/console/data/organization-migrations";
import { OrganizationPurges } from "@/components/console/data/organization-purges";
import { OrganizationUsers } from "@/components/console/data/organization-users";
import { browseLevel, type BrowseParams } from "@/lib/console/data/browse-level";
import { dataPage } from "@/lib/console/data/data-inputs";
import { keyInput } from "@/lib/console/query-inputs";
import { load, trpc } from "@/lib/console/router/server";

export const metadata = { title: "Data · weft" };

// The key's data, level by level, each one a URL: organizations (?q= searches them), an organization's folders
// and documents (?org=, with ?folder= and ?q=), a document (?org=&doc=).

export default async function DataPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string; keyId: string }>;
  searchParams: Promise<BrowseParams>;
}) {
  const { id, keyId } = await params;
  const level = browseLevel(await searchParams);
  const key = { workspaceId: id, apiKeyId: keyId };
  const base = `/workspaces/${id}/keys/${keyId}/data`;
  if (level.kind === "document") {
    await load(trpc.data.document.queryOptions({ ...key, data: level.document }));
  } else if (level.kind === "organization") {
    await load(trpc.data.documents.queryOptions({ ...key, ...dataPage(level.filter) }));
  } else {
    await Promise.all([
      load(trpc.data.organizations.queryOptions({ ...key, ...dataPage({ search: level.search }) })),
      load(trpc.data.purges.queryOptions(keyInput(id, keyId))),
    ]);
  }
  return (
    <HydrateClient>
      <div className="space-y-6">
        <DataBreadcrumbs base={base} level={level} />
        {level.kind === "organizations" && (
          <>
            <OrganizationList key={level.search} {...key} base={base} search={level.search} />
            <OrganizationPurges {...key} />
            <CrdtVersions {...key} />
          </>
        )}
        {level.kind === "organization" && (
          <>
            <DocumentList key={JSON.stringify(level.filter)} {...key} base={base} filter={level.filter} />
            <FolderList {...key} base={base} organizationId={level.filter.organizationId} />
            <OrganizationUsers {...key} organizationId={level.filter.organizationId} />
            <OrganizationMigrations {...key} organizationId={level.filter.organizationId} />
          </>
        )}
        {level.kind === "document" && <DocumentPage {...key} base={base} document={level.document} />}
      </div>
    </HydrateClient>
  );
}
