import { ApiReference } from "@/components/console/api-reference/api-reference";
import { PageHeader } from "@/components/console/page-header";
import { ui } from "@/components/console/styles";
import { requireViewer } from "@/lib/console/viewer";

export const metadata = { title: "API reference · weft" };

const DOCUMENT_URL = "/api/openapi.json";

/** Every REST endpoint, from the OpenAPI document this instance serves. */
export default async function ApiReferencePage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requireViewer();
  const { area } = await searchParams;
  return (
    <>
      <PageHeader
        title="API reference"
        description="Every endpoint of this instance, with its request body, responses and examples."
        actions={
          <a href={DOCUMENT_URL} download="openapi.json" className={ui.link}>
            Download OpenAPI document
          </a>
        }
      />
      <ApiReference documentUrl={DOCUMENT_URL} area={typeof area === "string" ? area : undefined} />
    </>
  );
}
