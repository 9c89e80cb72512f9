"use client";

import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/** False until the component is hydrated: buttons stay disabled and e2e tests wait for `data-ready`. */
export function useHydrated(): boolean {
  // The server snapshot (false) is used for the server render and hydration; the client's (true) after.
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
