"use client";

import { useQuery } from "@tanstack/react-query";
import { useParams, useSelectedLayoutSegments } from "next/navigation";
import { useId, useState } from "react";
import { apiKeyPage, keyInput, workspaceInput, workspacePage } from "@/lib/console/query-inputs";
import {
  API_KEY_SECTIONS,
  apiKeyBase,
  currentSection,
  workspaceBase,
  WORKSPACE_SECTIONS,
} from "@/lib/console/sections";
import { useTRPC } from "../trpc";
import { DisclosureButton } from "./disclosure-button";
import { SectionNav } from "./section-nav";
import { Switcher } from "./switcher";

/**
 * The workspace's sidebar: which workspace and key you are in (each a switcher), then their pages. Wide screens
 * keep it beside the page; below `lg` it folds into a Menu button above the page, so a phone never scrolls
 * sideways. Switching keys keeps the section you are on.
 */
export function WorkspaceSidebar({ workspaceId }: { workspaceId: string }) {
  const trpc = useTRPC();
  const { keyId } = useParams<{ keyId?: string }>();
  const segments = useSelectedLayoutSegments();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const close = () => setOpen(false);

  const ws = useQuery(trpc.workspaces.get.queryOptions(workspaceInput(workspaceId))).data;
  const workspaces = useQuery(trpc.workspaces.list.queryOptions(workspacePage(""))).data?.workspaces ?? [];
  const keys = useQuery(trpc.v2.workspace.apikeys.get.queryOptions(apiKeyPage(workspaceId))).data?.keys ?? [];
  const apiKeyId = keyId ? decodeURIComponent(keyId) : undefined;
  // The key's layout has it (name and type) when it is not on the list's first page.
  const listed = apiKeyId ? keys.find((k) => k.id === apiKeyId) : undefined;
  const fetched = useQuery({
    ...trpc.apiKeys.get.queryOptions(keyInput(workspaceId, apiKeyId ?? "")),
    enabled: apiKeyId !== undefined && !listed,
  }).data;
  const key = listed
    ? { id: listed.id, name: listed.apiKeyName }
    : fetched && apiKeyId
      ? { id: apiKeyId, name: fetched.name }
      : undefined;

  const workspaceSection = apiKeyId ? undefined : currentSection(WORKSPACE_SECTIONS, segments[0]);
  const keySection = apiKeyId ? currentSection(API_KEY_SECTIONS, segments[2]) : undefined;
  const here = keySection ?? workspaceSection;

  if (!ws) return null;
  const base = workspaceBase(ws.id);
  return (
    <div className="mb-6 lg:sticky lg:top-6 lg:mb-0 lg:w-56 lg:shrink-0 lg:self-start">
      <DisclosureButton open={open} controls={menuId} onToggle={() => setOpen(!open)} className="font-medium lg:hidden">
        <span className="block truncate">
          Menu
          <span className="font-normal text-zinc-600">
            {" · "}
            {key ? key.name : ws.name}
            {here && ` · ${here.label}`}
          </span>
        </span>
      </DisclosureButton>
      <div id={menuId} className={`${open ? "block" : "hidden"} mt-3 space-y-6 lg:mt-0 lg:block`}>
        <div className="space-y-3">
          <Switcher
            kind="workspace"
            current={{ id: ws.id, href: base, label: ws.name }}
            items={workspaces.map((w) => ({ id: w.id, href: workspaceBase(w.id), label: w.name, detail: w.id }))}
            more={[
              { href: "/workspaces", label: "All workspaces" },
              { href: "/workspaces/new", label: "New workspace" },
            ]}
            onNavigate={close}
          />
          <SectionNav
            label="Workspace"
            base={base}
            sections={WORKSPACE_SECTIONS}
            current={workspaceSection?.id}
            onNavigate={close}
          />
        </div>
        {(keys.length > 0 || key) && (
          <div className="space-y-3 border-t border-zinc-200 pt-4">
            <Switcher
              kind="API key"
              current={key && { id: key.id, href: apiKeyBase(ws.id, key.id), label: key.name }}
              items={keys.map((k) => ({
                id: k.id,
                href: `${apiKeyBase(ws.id, k.id)}${keySection?.path ?? ""}`,
                label: k.apiKeyName,
                detail: `${k.type} · ${k.id}`,
              }))}
              more={[
                { href: `${base}/keys`, label: "All API keys" },
                { href: `${base}/keys/new`, label: "New API key" },
              ]}
              onNavigate={close}
            />
            {key && (
              <SectionNav
                label="API key"
                base={apiKeyBase(ws.id, key.id)}
                sections={API_KEY_SECTIONS}
                current={keySection?.id}
                onNavigate={close}
              />
            )}
          </div>
        )}
      </div>
    </div>
  );
}
