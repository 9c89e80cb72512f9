import { AllowedDomains } from "@/components/console/api-keys/allowed-domains";
import { ApiKeySwitches } from "@/components/console/api-keys/api-key-switches";
import { AuthTokens } from "@/components/console/api-keys/auth-tokens";
import { CrdtVersions } from "@/components/console/api-keys/crdt-versions";
import { DeleteApiKey } from "@/components/console/api-keys/delete-api-key";
import { GettingStarted } from "@/components/console/api-keys/getting-started";
import { LiveConnections } from "@/components/console/api-keys/live-connections";
import { RenameApiKeyForm } from "@/components/console/api-keys/rename-api-key-form";
import { CopyButton } from "@/components/console/copy-button";
import { DangerZone } from "@/components/console/danger-zone";
import { DetailsList } from "@/components/console/details-list";
import { HydrateClient } from "@/components/console/hydrate-client";
import { ui } from "@/components/console/styles";
import { formatTime } from "@/lib/console/format";
import { keyInput } from "@/lib/console/query-inputs";
import { load, trpc } from "@/lib/console/router/server";
import { apiKeyBase } from "@/lib/console/sections";
import { publicUrl } from "@/lib/infra/env";

export const metadata = { title: "API key · weft" };

export default async function ApiKeyPage({ params }: { params: Promise<{ id: string; keyId: string }> }) {
  const { id, keyId } = await params;
  const [key] = await Promise.all([
    load(trpc.apiKeys.get.queryOptions(keyInput(id, keyId))),
    load(trpc.v2.workspace.domains.get.queryOptions(keyInput(id, keyId))),
    load(trpc.usage.firstCall.queryOptions(keyInput(id, keyId))),
  ]);
  const regions = key.persistenceDBRegion
    ? `${key.persistenceDBRegion} (persistence), ${key.realtimeDBRegion} (realtime)`
    : "Default location (testing key)";

  return (
    <HydrateClient>
      <div className="space-y-6">
        <GettingStarted
          workspaceId={id}
          apiKeyId={key.id}
          baseUrl={publicUrl().origin}
          advancedQueries={key.advancedQueries}
          requestsHref={`${apiKeyBase(id, key.id)}/requests`}
        />
        <section aria-labelledby="key-heading" className={ui.card}>
          <h2 id="key-heading" className={`${ui.cardTitle} mb-4`}>
            Key
          </h2>
          <DetailsList
            items={[
              [
                "API key",
                <span key="id" className="flex flex-wrap items-center gap-2">
                  <code className={ui.mono}>{key.id}</code>
                  <CopyButton value={key.id} label="Copy API key" />
                </span>,
              ],
              [
                "Owner email",
                <span key="owner" className="break-words">
                  {key.ownerEmail}
                </span>,
              ],
              ["Regions", regions],
              ["Created", formatTime(key.createdAt)],
            ]}
          />
          <div className="mt-6 border-t border-zinc-200 pt-4">
            <RenameApiKeyForm workspaceId={id} apiKeyId={key.id} name={key.name} />
          </div>
        </section>

        <section aria-labelledby="tokens-heading" className={ui.card}>
          <h2 id="tokens-heading" className={ui.cardTitle}>
            Auth tokens
          </h2>
          <p className="mt-1 mb-4 text-sm text-zinc-600">
            Key-level REST calls send <code className="font-mono">x-service-api-key</code> and{" "}
            <code className="font-mono">x-service-auth-token</code>.
          </p>
          <AuthTokens workspaceId={id} apiKeyId={key.id} />
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

        <LiveConnections workspaceId={id} apiKeyId={key.id} />

        <CrdtVersions workspaceId={id} apiKeyId={key.id} />

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
