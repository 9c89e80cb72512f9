import { AiProviderKeys } from "@/components/console/api-keys/ai-provider-keys";
import { ApiKeyTabs } from "@/components/console/api-keys/api-key-tabs";
import { KeyTypeBadge } from "@/components/console/api-keys/key-type-badge";
import { PageHeader } from "@/components/console/page-header";
import { ui } from "@/components/console/styles";
import { apiKeyCrumbs, loadApiKeyPage } from "@/lib/console/page-data";
import { getApiKeyConfig } from "@/lib/domain/api-keys/get-api-key-config";
import { db } from "@/lib/infra/db";

export const metadata = { title: "AI provider keys · weft" };

export default async function AiProviderKeysPage({ params }: { params: Promise<{ id: string; keyId: string }> }) {
  const { id, keyId } = await params;
  const { workspace: ws, key, keyScope } = await loadApiKeyPage(id, keyId, "/ai");
  const { aiModelsConfig } = await getApiKeyConfig(keyScope, {}, db());
  return (
    <>
      <PageHeader title={key.name} crumbs={apiKeyCrumbs(ws)} description={<KeyTypeBadge type={key.type} />} />
      <ApiKeyTabs workspaceId={ws.id} apiKeyId={key.id} current="ai" />
      <section aria-labelledby="ai-heading" className={ui.card}>
        <h2 id="ai-heading" className={ui.cardTitle}>
          AI provider keys
        </h2>
        <p className="mt-1 mb-4 text-sm text-zinc-600">
          Ask AI and agents call the model provider with this key&apos;s own provider key, chosen by the model name
          (gpt-, o1/o3/o4: OpenAI; claude-: Anthropic; gemini-: Gemini).
        </p>
        <AiProviderKeys workspaceId={ws.id} apiKeyId={key.id} initial={aiModelsConfig ?? {}} />
      </section>
    </>
  );
}
