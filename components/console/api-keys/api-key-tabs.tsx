import { apiKeyBase, API_KEY_SECTIONS, type ApiKeySectionId } from "@/lib/console/sections";
import { SectionTabs } from "../section-tabs";

/** The sections of one API key. */
export function ApiKeyTabs({
  workspaceId,
  apiKeyId,
  current,
}: {
  workspaceId: string;
  apiKeyId: string;
  current: ApiKeySectionId;
}) {
  return (
    <SectionTabs
      label="API key"
      base={apiKeyBase(workspaceId, apiKeyId)}
      sections={API_KEY_SECTIONS}
      current={current}
    />
  );
}
