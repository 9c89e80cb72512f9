import "server-only";
import { redirect } from "next/navigation";
import { cache } from "react";
import { getSession } from "@/lib/auth/session";
import { viewerFor, type Viewer } from "./access";

/** The signed-in console user, or null; looked up once per request (layout, page and actions share it). */
export const currentViewer = cache(async (): Promise<Viewer | null> => {
  const email = (await getSession())?.user?.email;
  return email ? viewerFor(email) : null;
});

/** For pages: the viewer, or a redirect to the sign-in form that comes back to `path` afterwards. */
export async function requireViewer(path: string): Promise<Viewer> {
  const viewer = await currentViewer();
  if (!viewer) redirect(`/?callbackUrl=${encodeURIComponent(path)}`);
  return viewer;
}
