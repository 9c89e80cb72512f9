import { CopyButton } from "./copy-button";
import { ui } from "./styles";

/** A revealed credential with its copy button. */
export function SecretValue({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
      <code aria-label={label} className={`${ui.mono} min-w-0 flex-1 rounded-md bg-zinc-100 px-3 py-2 text-zinc-900`}>
        {value}
      </code>
      <CopyButton value={value} label={`Copy ${label.toLowerCase()}`} />
    </div>
  );
}
