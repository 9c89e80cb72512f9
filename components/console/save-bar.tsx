import { FormMessage } from "./form-message";
import { ui } from "./styles";

/** A settings form's Save button, with the form's own error and whether there is anything to save. */
export function SaveBar({
  label,
  dirty,
  pending,
  hydrated,
  error,
}: {
  label: string;
  dirty: boolean;
  pending: boolean;
  hydrated: boolean;
  error?: string | null;
}) {
  return (
    <div className="space-y-3">
      <FormMessage error={error} />
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={ui.primary} disabled={!hydrated || pending || !dirty}>
          {pending ? "Saving…" : label}
        </button>
        <span className="text-sm text-zinc-600" aria-live="polite">
          {dirty ? "Unsaved changes" : "No unsaved changes"}
        </span>
      </div>
    </div>
  );
}
