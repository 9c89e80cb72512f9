"use client";

import { useQuery, useQueryClient, type QueryKey, type UseQueryOptions } from "@tanstack/react-query";
import { useState } from "react";

/** A secret fetched only once asked for (`options`: `trpc.<path>.queryOptions`), removed from the cache when hidden. */
export function useRevealedQuery<TData, TError, TKey extends QueryKey>(
  options: UseQueryOptions<TData, TError, TData, TKey>,
) {
  const queryClient = useQueryClient();
  const [shown, setShown] = useState(false);
  const query = useQuery({ ...options, enabled: shown, gcTime: 0, staleTime: Infinity });
  return {
    shown,
    show: () => setShown(true),
    hide: () => {
      setShown(false);
      queryClient.removeQueries({ queryKey: options.queryKey, exact: true });
    },
    query,
  };
}
