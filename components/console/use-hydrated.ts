"use client";

import { useEffect, useState } from "react";

/** False until the component is hydrated: buttons stay disabled and e2e tests wait for `data-ready`. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
