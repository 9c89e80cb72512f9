import { ApiReference } from "@/components/console/api-reference";
import { PageHeader } from "@/components/console/page-header";
import { requireViewer } from "@/lib/console/viewer";

export const metadata = { title: "API reference · weft" };

/** Every REST endpoint, from the OpenAPI document this instance serves at /api/openapi.json. */
export default async function ApiReferencePage() {
  await requireViewer();
  return (
    <>
      <PageHeader
        title="API reference"
        description={
          <>
            Every endpoint of this instance, from its{" "}
            <a href="/api/openapi.json" className="font-medium underline underline-offset-2">
              OpenAPI document
            </a>
            .
          </>
        }
      />
      <ApiReference documentUrl="/api/openapi.json" />
    </>
  );
}
