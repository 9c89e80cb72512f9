"use client";

import { QueryClientProvider } from "@tanstack/react-query";
import { createTRPCClient, httpBatchLink, httpSubscriptionLink, splitLink } from "@trpc/client";
import { useState, type ReactNode } from "react";
import type { AppRouter } from "@/lib/console/router/app-router";
import { makeQueryClient } from "@/lib/console/query-client";
import { TRPCProvider } from "./trpc";

const URL = "/api/trpc";

/** react-query and the console's router for the client components: queries batched over HTTP, live views as SSE. */
export function QueryProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(makeQueryClient);
  const [trpcClient] = useState(() =>
    createTRPCClient<AppRouter>({
      links: [
        splitLink({
          condition: (op) => op.type === "subscription",
          true: httpSubscriptionLink({ url: URL }),
          false: httpBatchLink({ url: URL }),
        }),
      ],
    }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        {children}
      </TRPCProvider>
    </QueryClientProvider>
  );
}
