import type { ReactNode } from "react";

/** The button that opens and closes a part of the sidebar (a switcher's list, the whole menu on a phone). */
export function DisclosureButton({
  open,
  controls,
  onToggle,
  className = "",
  children,
}: {
  open: boolean;
  /** The id of what it opens. */
  controls: string;
  onToggle: () => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
      className={`flex w-full items-center justify-between gap-2 rounded-md border border-zinc-300 bg-white px-3 py-2 text-left text-sm hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-zinc-900 ${className}`}
    >
      <span className="min-w-0">{children}</span>
      <span aria-hidden="true" className="text-zinc-500">
        {open ? "▴" : "▾"}
      </span>
    </button>
  );
}
