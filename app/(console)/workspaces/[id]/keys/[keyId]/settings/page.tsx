import { AllowedDomains } from "@/components/console/api-keys/allowed-domains";
import { ApiKeySwitches } from "@/components/console/api-keys/api-key-switches";
import { DeleteApiKey } from "@/components/console/api-keys/delete-api-key";
import { RenameApiKeyForm } from "@/components/console/api-keys/rename-api-key-form";
import { DangerZone } from "@/components/console/danger-zone";
import { HydrateClient } from "@/components/console/hydrate-client";
import { ui } from "@/components/console/styles";
import { keyInput } from "@/lib/console/query-inputs";
import { load, trpc } from "@/lib/console/router/server";

export const metadata = { title: "Key settings · weft" };

export default async function ApiKeySettingsPage({ params }: { params: Promise<{ id: string; keyId: string }> }) {
  const { id, keyId } = await params;
  const [key] = await Promise.all([
    load(trpc.apiKeys.get.queryOptions(keyInput(id, keyId))),
    load(trpc.v2.workspace.domains.get.queryOptions(keyInput(id, keyId))),
  ]);

  return (
    <HydrateClient>
      <div className="space-y-6">
        <section aria-labelledby="general-heading" className={ui.card}>
          <h2 id="general-heading" className={`${ui.cardTitle} mb-4`}>
            General
          </h2>
          <RenameApiKeyForm workspaceId={id} apiKeyId={key.id} name={key.name} />
        </section>
        <section aria-labelledby="domains-heading" className={ui.card}>
          <h2 id="domains-heading" className={`${ui.cardTitle} mb-4`}>
            Allowed domains
          </h2>
          <AllowedDomains workspaceId={id} apiKeyId={key.id} />
        </section>

        <section aria-labelledby="features-heading" className={ui.card}>
          <h2 id="features-heading" className={`${ui.cardTitle} mb-4`}>
            Features
          </h2>
          <ApiKeySwitches
            workspaceId={id}
            apiKeyId={key.id}
            initial={{ advancedQueries: key.advancedQueries, activityLogs: key.activityLogs }}
          />
        </section>

        <DangerZone
          id="revoke-heading"
          title="Revoke API key"
          description="Deletes the key and all its data; calls with it are refused at once."
        >
          <DeleteApiKey workspaceId={id} apiKeyId={key.id} name={key.name} />
        </DangerZone>
      </div>
    </HydrateClient>
  );
}
