"use client";

import { useState } from "react";

/**
 * The console's one save behaviour: a settings form edits a draft and saves it with its Save button, which is
 * enabled only while the draft differs from what was last saved. `saved(v)` moves that baseline on.
 */
export function useDirty<T>(initial: T) {
  const [baseline, setBaseline] = useState(initial);
  return {
    isDirty: (current: T) => JSON.stringify(current) !== JSON.stringify(baseline),
    saved: setBaseline,
  };
}
