"use client";

import { keepPreviousData, useQuery, type QueryKey, type UseQueryOptions } from "@tanstack/react-query";
import { useState } from "react";
import type { PagerProps } from "./pager";

/**
 * A keyset-paged list on react-query: `pageOptions(token)` is the query of one page (`trpc.<path>.queryOptions`),
 * `nextToken(page)` the token of the page after it. Remembers the tokens of the pages walked through so that
 * "Previous" works, and keeps showing the current page while the next one loads.
 */
export function usePagedQuery<TData, TError, TKey extends QueryKey>(
  pageOptions: (token: string | undefined) => UseQueryOptions<TData, TError, TData, TKey>,
  nextToken: (page: TData) => string | undefined,
) {
  const [tokens, setTokens] = useState<string[]>([]);
  const token = tokens.at(-1);
  const query = useQuery({ ...pageOptions(token), placeholderData: keepPreviousData });
  const next = query.isPlaceholderData || !query.data ? undefined : nextToken(query.data);
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
