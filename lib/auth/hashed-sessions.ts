import type { Adapter, AdapterSession } from "next-auth/adapters";
import { tokenHash } from "@/lib/infra/crypto";

// Console sessions are stored by keyed hash: ConsoleSession.sessionToken holds HMAC-SHA256(token) under
// WEFT_SECRET_KEY's token-hash subkey, and only the browser's cookie holds the token. Someone who reads the
// database (a backup, the embedded data dir) cannot sign in with what they find there. next-auth sees plain
// tokens on both sides of this wrapper: it sets the cookie from what createSession returns.

const plain = <S extends AdapterSession | null | undefined>(session: S, token: string): S =>
  session ? { ...session, sessionToken: token } : session;

export function withHashedSessions(adapter: Adapter): Adapter {
  const { createSession, getSessionAndUser, updateSession, deleteSession } = adapter;
  if (!createSession || !getSessionAndUser || !updateSession || !deleteSession) {
    throw new Error("withHashedSessions: the adapter must implement database sessions");
  }
  return {
    ...adapter,
    async createSession(session) {
      return plain(
        await createSession({ ...session, sessionToken: tokenHash(session.sessionToken) }),
        session.sessionToken,
      );
    },
    async getSessionAndUser(sessionToken) {
      const found = await getSessionAndUser(tokenHash(sessionToken));
      return found && { user: found.user, session: plain(found.session, sessionToken) };
    },
    async updateSession(session) {
      const updated = await updateSession({ ...session, sessionToken: tokenHash(session.sessionToken) });
      return plain(updated, session.sessionToken);
    },
    async deleteSession(sessionToken) {
      await deleteSession(tokenHash(sessionToken));
    },
  };
}
