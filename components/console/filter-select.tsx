"use client";

import { useId } from "react";
import { ui } from "./styles";

/** A labelled filter of a log: "" (the first option) means no filter, reported as `undefined`. */
export function FilterSelect({
  label,
  allLabel,
  options,
  value,
  onChange,
  className,
}: {
  label: string;
  allLabel: string;
  /** [value, label] pairs. */
  options: readonly (readonly [string, string])[];
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  /** The wrapper's layout classes. */
  className: string;
}) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className={ui.label}>
        {label}
      </label>
      <select
        id={id}
        className={`${ui.input} mt-1`}
        value={value ?? ""}
        onChange={(e) => onChange(e.target.value || undefined)}
      >
        <option value="">{allLabel}</option>
        {options.map(([v, l]) => (
          <option key={v} value={v}>
            {l}
          </option>
        ))}
      </select>
    </div>
  );
}
