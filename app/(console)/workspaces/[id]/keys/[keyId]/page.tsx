import { AuthTokens } from "@/components/console/api-keys/auth-tokens";
import { GettingStarted } from "@/components/console/api-keys/getting-started";
import { LiveConnections } from "@/components/console/api-keys/live-connections";
import { CopyButton } from "@/components/console/copy-button";
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

        <LiveConnections workspaceId={id} apiKeyId={key.id} />
      </div>
    </HydrateClient>
  );
}
