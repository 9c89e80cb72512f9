"use client";

import { useQuery, useQueryClient, type QueryKey } from "@tanstack/react-query";
import { useState } from "react";

/** A secret fetched only once asked for, and removed from the cache when hidden again. */
export function useRevealedQuery<T>(queryKey: QueryKey, fetch: () => Promise<T>) {
  const queryClient = useQueryClient();
  const [shown, setShown] = useState(false);
  const query = useQuery({ queryKey, queryFn: fetch, enabled: shown, gcTime: 0, staleTime: Infinity });
  return {
    shown,
    show: () => setShown(true),
    hide: () => {
      setShown(false);
      queryClient.removeQueries({ queryKey, exact: true });
    },
    query,
  };
}
