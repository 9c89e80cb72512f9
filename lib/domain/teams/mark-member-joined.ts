import type { Db } from "@/lib/infra/db";
import { normalizeEmail } from "../fields";

/** A sign-in: the address's open invitations become memberships it has used (joinedAt). */
export async function markMemberJoined(client: Db, address: string, at = new Date()) {
  await client.workspaceMember.updateMany({
    where: { email: normalizeEmail(address), joinedAt: null },
    data: { joinedAt: at },
  });
}
