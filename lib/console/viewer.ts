import "server-only";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { getSession } from "@/lib/auth/session";
import { viewerFor, type Viewer } from "./access";
import { PAGE_PATH_HEADER } from "./security-headers";

/** The signed-in console user, or null; looked up once per request (layout, page and actions share it). */
export const currentViewer = cache(async (): Promise<Viewer | null> => {
  const email = (await getSession())?.user?.email;
  return email ? viewerFor(email) : null;
});

/** For pages and layouts: the viewer, or a redirect to the sign-in form that comes back to this page afterwards. */
export async function requireViewer(): Promise<Viewer> {
  const viewer = await currentViewer();
  if (!viewer) {
    const path = (await headers()).get(PAGE_PATH_HEADER);
    redirect(`/?callbackUrl=${encodeURIComponent(path?.startsWith("/") ? path : "/workspaces")}`);
  }
  return viewer;
}
