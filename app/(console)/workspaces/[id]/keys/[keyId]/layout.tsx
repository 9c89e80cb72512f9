import type { ReactNode } from "react";
import { KeyTypeBadge } from "@/components/console/api-keys/key-type-badge";
import { HydrateClient } from "@/components/console/hydrate-client";
import { PageHeader } from "@/components/console/page-header";
import { keyInput } from "@/lib/console/query-inputs";
import { load, trpc } from "@/lib/console/router/server";
import { requireViewer } from "@/lib/console/viewer";

// The frame of a key's pages: its name and type (the workspace's sidebar has the way back up and the sections).
// Another owner's key (or one of another workspace) is the console's 404, like one that does not exist.

export default async function ApiKeyLayout({
  params,
  children,
}: {
  params: Promise<{ id: string; keyId: string }>;
  children: ReactNode;
}) {
  const { id, keyId } = await params;
  await requireViewer();
  const key = await load(trpc.apiKeys.get.queryOptions(keyInput(id, keyId)));
  return (
    <HydrateClient>
      <PageHeader title={key.name} description={<KeyTypeBadge type={key.type} />} />
      {children}
    </HydrateClient>
  );
}
