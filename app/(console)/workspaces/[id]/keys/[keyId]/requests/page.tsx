import { ApiKeyTabs } from "@/components/console/api-keys/api-key-tabs";
import { KeyTypeBadge } from "@/components/console/api-keys/key-type-badge";
import { PageHeader } from "@/components/console/page-header";
import { RequestLog } from "@/components/console/requests/request-log";
import { ui } from "@/components/console/styles";
import { apiKeyCrumbs, loadApiKeyPage } from "@/lib/console/page-data";
import { listRequestLog } from "@/lib/domain/usage/list-request-log";
import { db } from "@/lib/infra/db";

export const metadata = { title: "Request log · weft" };

export default async function RequestLogPage({ params }: { params: Promise<{ id: string; keyId: string }> }) {
  const { id, keyId } = await params;
  const { workspace: ws, key, keyScope } = await loadApiKeyPage(id, keyId, "/requests");
  const first = await listRequestLog(keyScope, {}, db());
  return (
    <>
      <PageHeader title={key.name} crumbs={apiKeyCrumbs(ws)} description={<KeyTypeBadge type={key.type} />} />
      <ApiKeyTabs workspaceId={ws.id} apiKeyId={key.id} current="requests" />
      <section aria-labelledby="requests-heading" className={ui.card}>
        <h2 id="requests-heading" className={ui.cardTitle}>
          Request log
        </h2>
        <p className="mt-1 mb-4 text-sm text-zinc-600">
          The last 1,000 API calls made with this key in the past 7 days: no bodies, no credentials. The request id is
          the <code className="font-mono">x-request-id</code> header of the reply.
        </p>
        <RequestLog
          workspaceId={ws.id}
          apiKeyId={key.id}
          initialPage={{ requests: first.requests, operations: first.operations, nextPageToken: first.nextBefore }}
        />
      </section>
    </>
  );
}
