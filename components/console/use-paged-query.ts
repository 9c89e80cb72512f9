"use client";

import { keepPreviousData, useQuery, type QueryKey } from "@tanstack/react-query";
import { useState } from "react";
import type { PagerProps } from "./pager";

/**
 * A keyset-paged list on react-query: remembers the tokens of the pages walked through so that "Previous"
 * works, and keeps showing the current page while the next one loads.
 */
export function usePagedQuery<T extends { nextPageToken?: string }>(options: {
  queryKey: (pageToken?: string) => QueryKey;
  fetchPage: (pageToken?: string) => Promise<T>;
  initialPage?: T;
  /** Poll the current page (ms) while the component is mounted, e.g. a live log. */
  refetchInterval?: number;
}) {
  const [tokens, setTokens] = useState<string[]>([]);
  const token = tokens.at(-1);
  const query = useQuery({
    queryKey: options.queryKey(token),
    queryFn: () => options.fetchPage(token),
    placeholderData: keepPreviousData,
    initialData: token === undefined ? options.initialPage : undefined,
    refetchInterval: options.refetchInterval,
  });
  const next = query.isPlaceholderData ? undefined : query.data?.nextPageToken;
  const pager: PagerProps = {
    page: tokens.length + 1,
    hasPrevious: tokens.length > 0,
    hasNext: next !== undefined,
    busy: query.isFetching,
    onPrevious: () => setTokens((t) => t.slice(0, -1)),
    onNext: () => next && setTokens((t) => [...t, next]),
  };
  return { query, pager };
}
