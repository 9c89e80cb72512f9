import { AiProviderKeys } from "@/components/console/api-keys/ai-provider-keys";
import { HydrateClient } from "@/components/console/hydrate-client";
import { ui } from "@/components/console/styles";
import { keyInput } from "@/lib/console/query-inputs";
import { load, trpc } from "@/lib/console/router/server";

export const metadata = { title: "AI provider keys · weft" };

export default async function AiProviderKeysPage({ params }: { params: Promise<{ id: string; keyId: string }> }) {
  const { id, keyId } = await params;
  await load(trpc.v2.workspace.apikeyconfig.get.queryOptions(keyInput(id, keyId)));
  return (
    <HydrateClient>
      <section aria-labelledby="ai-heading" className={ui.card}>
        <h2 id="ai-heading" className={ui.cardTitle}>
          AI provider keys
        </h2>
        <p className="mt-1 mb-4 text-sm text-zinc-600">
          Ask AI and agents call the model provider with this key&apos;s own provider key, chosen by the model name
          (gpt-, o1/o3/o4: OpenAI; claude-: Anthropic; gemini-: Gemini).
        </p>
        <AiProviderKeys workspaceId={id} apiKeyId={keyId} />
      </section>
    </HydrateClient>
  );
}
