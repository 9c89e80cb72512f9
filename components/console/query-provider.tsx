"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";

/** react-query for the console's client components; queries and mutations call server actions. */
export function QueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          // Pages hand the first page over as initialData; do not fetch it again straight away.
          queries: { staleTime: 10_000, retry: false, refetchOnWindowFocus: false },
          // Action failures are answers (validation, permissions), not flaky transport: never retry them.
          mutations: { retry: false },
        },
      }),
  );
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
