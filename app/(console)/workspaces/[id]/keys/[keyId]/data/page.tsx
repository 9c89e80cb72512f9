import { HydrateClient } from "@/components/console/hydrate-client";
import { OrganizationList } from "@/components/console/data/organization-list";
import { OrganizationMigrations } from "@/components/console/data/organization-migrations";
import { OrganizationPurges } from "@/components/console/data/organization-purges";
import { OrganizationUsers } from "@/components/console/data/organization-users";
import { PAGE_SIZE } from "@/lib/console/page-size";
import { keyInput } from "@/lib/console/query-inputs";
import { load, trpc } from "@/lib/console/router/server";

export const metadata = { title: "Data · weft" };

export default async function DataPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string; keyId: string }>;
  searchParams: Promise<{ org?: string | string[] }>;
}) {
  const { id, keyId } = await params;
  const org = (await searchParams).org;
  const organizationId = typeof org === "string" && org ? org : undefined;
  await Promise.all([
    load(trpc.data.organizations.queryOptions({ workspaceId: id, apiKeyId: keyId, data: { pageSize: PAGE_SIZE } })),
    load(trpc.data.purges.queryOptions(keyInput(id, keyId))),
  ]);
  return (
    <HydrateClient>
      <div className="space-y-6">
        <OrganizationList workspaceId={id} apiKeyId={keyId} selected={organizationId} />
        <OrganizationPurges workspaceId={id} apiKeyId={keyId} />
        {organizationId && (
          <>
            <OrganizationUsers workspaceId={id} apiKeyId={keyId} organizationId={organizationId} />
            <OrganizationMigrations workspaceId={id} apiKeyId={keyId} organizationId={organizationId} />
          </>
        )}
      </div>
    </HydrateClient>
  );
}
