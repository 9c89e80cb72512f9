import { QueryClient } from "@tanstack/react-query";

// One QueryClient per browser tab (components/console/query-provider.tsx) and one per server render
// (router/server.ts), whose prefetched queries are handed to the browser's (HydrateClient).

export function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      // Hydrated data is fresh: do not fetch it again straight away.
      queries: { staleTime: 10_000, retry: false, refetchOnWindowFocus: false },
      // Failures are answers (validation, permissions), not flaky transport: never retry them.
      mutations: { retry: false },
    },
  });
}
