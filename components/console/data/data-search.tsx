import Form from "next/form";
import { ui } from "../styles";

/**
 * A list's search box as a GET form: the search lands in the URL (?q=), beside the params that say where the
 * page is (`keep`), so a search is a link too.
 */
export function DataSearch({
  action,
  keep,
  label,
  placeholder,
  value,
}: {
  action: string;
  keep: Record<string, string | undefined>;
  label: string;
  placeholder: string;
  value?: string;
}) {
  return (
    <Form
      action={action}
      role="search"
      aria-label={label}
      className="mb-4 flex flex-col gap-2 sm:flex-row sm:items-end"
    >
      {Object.entries(keep).map(([name, v]) => v && <input key={name} type="hidden" name={name} value={v} />)}
      <label className="min-w-0 flex-1">
        <span className={ui.label}>{label}</span>
        <input type="search" name="q" defaultValue={value} placeholder={placeholder} className={`${ui.input} mt-1`} />
      </label>
      <button type="submit" className={ui.secondary}>
        Search
      </button>
    </Form>
  );
}
