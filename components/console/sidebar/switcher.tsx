"use client";

import Link from "next/link";
import { useId, useState, type KeyboardEvent } from "react";
import { DisclosureButton } from "./disclosure-button";

export interface SwitcherItem {
  id: string;
  href: string;
  label: string;
  /** A second line under the label: the id, the key type. */
  detail?: string;
}

const itemClass =
  "block rounded-md px-3 py-1.5 text-sm hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-zinc-900 aria-[current=true]:bg-zinc-100";

/**
 * Which workspace or key the sidebar is on, and the others one click away: a button naming the current one
 * that opens the list below it (a disclosure, so the links stay ordinary links). Escape closes it.
 */
export function Switcher({
  kind,
  current,
  items,
  more,
  onNavigate,
}: {
  /** "workspace", "API key": the button reads "Switch <kind>", then the current one's name. */
  kind: string;
  /** None yet: the button says "Choose one". */
  current?: SwitcherItem;
  items: SwitcherItem[];
  /** Links under the list: every workspace, a new key. */
  more: { href: string; label: string }[];
  onNavigate: () => void;
}) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const navigate = () => {
    setOpen(false);
    onNavigate();
  };
  const closeOnEscape = (e: KeyboardEvent) => {
    if (e.key === "Escape" && open) {
      e.stopPropagation();
      setOpen(false);
    }
  };
  return (
    <div onKeyDown={closeOnEscape}>
      <DisclosureButton open={open} controls={listId} onToggle={() => setOpen(!open)}>
        <span className="block text-xs text-zinc-500">
          <span className="sr-only">Switch </span>
          {kind[0].toUpperCase() + kind.slice(1)}
        </span>
        <span className="block truncate font-medium text-zinc-900">{current?.label ?? "Choose one"}</span>
      </DisclosureButton>
      <div id={listId} hidden={!open} className="mt-1 rounded-md border border-zinc-200 bg-white p-1 shadow-sm">
        <ul aria-label={`Switch ${kind} to`}>
          {items.map((item) => (
            <li key={item.id}>
              <Link
                href={item.href}
                className={itemClass}
                aria-current={item.id === current?.id ? "true" : undefined}
                onClick={navigate}
              >
                <span className="block truncate font-medium text-zinc-900">{item.label}</span>
                {item.detail && <span className="block truncate font-mono text-xs text-zinc-500">{item.detail}</span>}
              </Link>
            </li>
          ))}
        </ul>
        <ul className="mt-1 border-t border-zinc-200 pt-1">
          {more.map((link) => (
            <li key={link.href}>
              <Link href={link.href} className={`${itemClass} text-zinc-700`} onClick={navigate}>
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
