import type { EventUser, WeftEvent } from "../events/event";

// Who gets a trigger email: mentioned users, the assignee and the annotation's participants, each once (by
// email), never the user who caused the event. `mentioned` says which template applies.

export interface Recipient {
  user: EventUser & { email: string };
  mentioned: boolean;
}

export function emailRecipients(e: WeftEvent): Recipient[] {
  const out = new Map<string, Recipient>();
  const add = (u: EventUser | null | undefined, mentioned: boolean) => {
    if (!u?.email || u.userId === e.actor?.userId) return;
    const key = u.email.trim().toLowerCase();
    const seen = out.get(key);
    if (seen) seen.mentioned ||= mentioned;
    else out.set(key, { user: { ...u, email: u.email.trim() }, mentioned });
  };
  for (const u of e.mentioned) add(u, true);
  add(e.assigned, false);
  for (const u of e.participants) add(u, false);
  return [...out.values()];
}
