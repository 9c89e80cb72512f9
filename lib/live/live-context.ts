import type { EditorKey } from "@/lib/domain/crdt/crdt-log";
import type { LiveAccess } from "./live-auth";
import type { LiveSocket } from "./socket-guard";

/** The context of one live connection: its socket, then what authentication found (LiveAuth). */
export interface LiveContext {
  socket: LiveSocket;
  key?: EditorKey;
  token?: string;
  access?: LiveAccess;
}

/** A refusal Hocuspocus reports to the provider (onAuthenticationFailed, close reasons) with its reason. */
export function refusal(reason: string, message: string) {
  return Object.assign(new Error(message), { reason });
}
