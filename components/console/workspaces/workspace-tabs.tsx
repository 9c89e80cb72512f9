import { workspaceBase, WORKSPACE_SECTIONS, type WorkspaceSectionId } from "@/lib/console/sections";
import { SectionTabs } from "../section-tabs";

/** The sections of one workspace. */
export function WorkspaceTabs({ workspaceId, current }: { workspaceId: string; current: WorkspaceSectionId }) {
  return (
    <SectionTabs label="Workspace" base={workspaceBase(workspaceId)} sections={WORKSPACE_SECTIONS} current={current} />
  );
}
