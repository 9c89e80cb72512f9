"use client";

import { useId } from "react";
import { eventLabel } from "@/lib/domain/events/event-catalogue";

/** One event as a checkbox: its label from the event catalogue as the name, its wire name beside it. */
export function EventCheckbox({
  name,
  checked,
  onChange,
}: {
  name: string;
  checked: boolean;
  onChange(checked: boolean): void;
}) {
  const wireId = useId();
  // The wire name sits outside the <label>: the checkbox is named by the label alone and described by it.
  return (
    <div className="min-w-0 leading-tight">
      <label className="flex items-start gap-2 text-sm text-zinc-800">
        <input
          type="checkbox"
          className="mt-0.5 size-4 shrink-0 accent-zinc-900"
          aria-describedby={wireId}
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
        />
        {eventLabel(name)}
      </label>
      <code id={wireId} className="ml-6 block font-mono text-xs wrap-anywhere text-zinc-500">
        {name}
      </code>
    </div>
  );
}

/** The grid the event checkboxes sit in: one column on phones, up to three on wide screens. */
export const eventGrid = "mt-2 grid gap-x-4 gap-y-2 sm:grid-cols-2 lg:grid-cols-3";
