import { z } from "zod";
import { userFields } from "../users/user-fields";
import type { EventUser } from "./event";

// The User object as notifications, activity records and comments carry it: userId plus profile fields,
// stored as sent. Fields the service does not know are dropped.

export const userRef = z.object(userFields).meta({ id: "UserRef" });
export type UserRef = z.output<typeof userRef>;

/** The event contract's user: id, name and email only. */
export function eventUser(u: UserRef): EventUser {
  return {
    userId: u.userId,
    ...(u.name !== undefined && { name: u.name }),
    ...(u.email !== undefined && { email: u.email }),
  };
}

/** Users deduplicated by userId, first occurrence wins. */
export function distinctUsers<T extends { userId: string }>(users: readonly (T | null | undefined)[]): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const u of users) {
    if (!u || seen.has(u.userId)) continue;
    seen.add(u.userId);
    out.push(u);
  }
  return out;
}
