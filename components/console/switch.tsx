import { useId, type ReactNode } from "react";

/** An on/off setting of a form (a checkbox with the switch role), its description tied to it. */
export function Switch({
  label,
  description,
  checked,
  onChange,
  disabled,
}: {
  label: string;
  description?: ReactNode;
  checked: boolean;
  onChange(checked: boolean): void;
  disabled?: boolean;
}) {
  const descriptionId = useId();
  return (
    <label className="flex items-start gap-3">
      <input
        type="checkbox"
        role="switch"
        className="mt-1 size-4 shrink-0 accent-zinc-900 disabled:opacity-60"
        checked={checked}
        disabled={disabled}
        aria-describedby={description ? descriptionId : undefined}
        onChange={(e) => onChange(e.target.checked)}
      />
      <span className="min-w-0">
        <span className="block text-sm font-medium text-zinc-800">{label}</span>
        {description && (
          <span id={descriptionId} className="block text-sm text-zinc-500">
            {description}
          </span>
        )}
      </span>
    </label>
  );
}
