"use client";

import { createTRPCContext } from "@trpc/tanstack-react-query";
import type { AppRouter } from "@/lib/console/router/app-router";

/**
 * The console's router in client components: `useTRPC().v2.workspace.domains.get.queryOptions(input)`,
 * `.mutationOptions()`, `.pathFilter()` for invalidation, `.subscriptionOptions()` for live views.
 */
export const { TRPCProvider, useTRPC } = createTRPCContext<AppRouter>();
