import "server-only";
import { createTRPCOptionsProxy } from "@trpc/tanstack-react-query";
import { TRPCError } from "@trpc/server";
import type { QueryKey, FetchQueryOptions } from "@tanstack/react-query";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { cache } from "react";
import { makeQueryClient } from "../query-client";
import { requireViewer } from "../viewer";
import { appRouter, createCaller } from "./app-router";
import { contextFromRequest } from "./context";

// The router for server components: `trpc.<path>.queryOptions(input)` runs the procedure in process with the
// request's session (no HTTP), into the render's QueryClient; <HydrateClient> hands what was fetched to the
// browser's client components, which then have it at first paint.

export const getQueryClient = cache(makeQueryClient);

const context = cache(async () => contextFromRequest(await headers()));

export const trpc = createTRPCOptionsProxy({ router: appRouter, ctx: context, queryClient: getQueryClient });

/** The server caller, for what a server action or page needs without caching it. */
export async function serverCaller() {
  return createCaller(await context());
}

/**
 * Fetches a query into the render's QueryClient (so it is hydrated to the browser) and returns its data; a
 * NOT_FOUND (also another owner's workspace or key) becomes the console's 404 page, and a session that ended the
 * sign-in form (a page and its layouts render at once, so a page's query can see it before its layout redirects).
 */
export async function load<T, E, K extends QueryKey>(options: FetchQueryOptions<T, E, T, K>): Promise<T> {
  try {
    return await getQueryClient().fetchQuery(options);
  } catch (e) {
    if (e instanceof TRPCError && e.code === "NOT_FOUND") notFound();
    if (e instanceof TRPCError && e.code === "UNAUTHORIZED") await requireViewer();
    throw e;
  }
}
