"use client";

import { ui } from "./styles";

export interface PagerProps {
  page: number;
  hasPrevious: boolean;
  hasNext: boolean;
  busy?: boolean;
  onPrevious(): void;
  onNext(): void;
}

/** Previous / next page controls; nothing when everything fits on one page. */
export function Pager({ page, hasPrevious, hasNext, busy, onPrevious, onNext, label }: PagerProps & { label: string }) {
  if (!hasPrevious && !hasNext) return null;
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-between gap-2">
      <button
        type="button"
        className={`${ui.secondary} ${ui.small}`}
        disabled={!hasPrevious || busy}
        onClick={onPrevious}
      >
        Previous
      </button>
      <span className="text-sm text-zinc-600" aria-live="polite">
        Page {page}
      </span>
      <button type="button" className={`${ui.secondary} ${ui.small}`} disabled={!hasNext || busy} onClick={onNext}>
        Next
      </button>
    </nav>
  );
}
