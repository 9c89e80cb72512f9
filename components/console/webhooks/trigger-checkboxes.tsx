"use client";

/** One checkbox per trigger name (`comment.add`...), in a fieldset; two columns from the small breakpoint up. */
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
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {names.map((name) => (
          <label key={name} className="flex min-w-0 items-center gap-2">
            <input
              type="checkbox"
              className="size-4 shrink-0 accent-zinc-900"
              checked={values[name] === true}
              onChange={(e) => onChange({ ...values, [name]: e.target.checked })}
            />
            <span className={`font-mono text-sm break-all text-zinc-800`}>{name}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
