"use client";

import { orderedTriggers } from "@/lib/domain/events/event-catalogue";
import { EventCheckbox, eventGrid } from "./event-checkbox";

/** One checkbox per trigger key (`comment.add`...), labelled from the event catalogue, in a fieldset. */
export function TriggerCheckboxes({
  legend,
  names,
  values,
  onChange,
}: {
  legend: string;
  names: string[];
  values: Record<string, boolean>;
  onChange(next: Record<string, boolean>): void;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-zinc-800">{legend}</legend>
      <div className={eventGrid}>
        {orderedTriggers(names).map((name) => (
          <EventCheckbox
            key={name}
            name={name}
            checked={values[name] === true}
            onChange={(checked) => onChange({ ...values, [name]: checked })}
          />
        ))}
      </div>
    </fieldset>
  );
}
