import { CreateApiKeyForm } from "@/components/console/api-keys/create-api-key-form";
import { PageHeader } from "@/components/console/page-header";
import { workspaceInput } from "@/lib/console/query-inputs";
import { load, trpc } from "@/lib/console/router/server";
import { requireViewer } from "@/lib/console/viewer";

export const metadata = { title: "New API key · weft" };

export default async function NewApiKeyPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  await requireViewer();
  const ws = await load(trpc.workspaces.get.queryOptions(workspaceInput(id)));
  const production = ws.plan === "paid" && ws.productionKeysEnabled;
  return (
    <>
      <PageHeader
        title="New API key"
        description={
          production
            ? "This workspace may create testing and production keys."
            : "Production keys need the paid plan and self-serve production keys, both set by an operator."
        }
      />
      <CreateApiKeyForm workspaceId={ws.id} ownerEmail={ws.ownerEmail} />
    </>
  );
}
