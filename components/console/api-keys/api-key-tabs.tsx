"use client";

import { useSelectedLayoutSegment } from "next/navigation";
import { apiKeyBase, API_KEY_SECTIONS } from "@/lib/console/sections";
import { SectionTabs } from "../section-tabs";

/** The sections of one API key; the current one is the page below the key's layout. */
export function ApiKeyTabs({ workspaceId, apiKeyId }: { workspaceId: string; apiKeyId: string }) {
  const segment = useSelectedLayoutSegment();
  const current = API_KEY_SECTIONS.find((s) => s.path === (segment ? `/${segment}` : ""))?.id ?? "settings";
  return (
    <SectionTabs
      label="API key"
      base={apiKeyBase(workspaceId, apiKeyId)}
      sections={API_KEY_SECTIONS}
      current={current}
    />
  );
}
