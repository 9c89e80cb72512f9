import "server-only";
import { getServerSession, type Session } from "next-auth";
import { authOptions } from "./options";

/** The signed-in console user's session, or null. Reads cookies: pages calling it are dynamic. */
export function getSession(): Promise<Session | null> {
  return getServerSession(authOptions());
}
