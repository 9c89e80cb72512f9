import { z } from "zod";
import {
  changeMemberRole,
  changeMemberRoleInput,
  removeMember,
  removeMemberInput,
} from "@/lib/domain/teams/change-member";
import { inviteMember, inviteMemberInput, mailInvitation } from "@/lib/domain/teams/invite-member";
import { listMembers } from "@/lib/domain/teams/list-members";
import { db, transaction } from "@/lib/infra/db";
import { scopedInput } from "../router/scoped-input";
import { router, workspaceProcedure } from "../router/trpc";

// A workspace's team: its members and their roles (lib/domain/teams/roles.ts). Inviting, changing a role and
// removing someone are admin work (owners for owners), each in the audit log.

export const teamsRouter = router({
  members: workspaceProcedure
    .input(scopedInput("workspace", z.strictObject({})))
    .query(({ ctx }) => listMembers(ctx.scope, db())),

  /** A member row and a sign-in link to the workspace, mailed once the row has committed. */
  invite: workspaceProcedure
    .meta({ need: "manage", label: "Invite member" })
    .input(scopedInput("workspace", inviteMemberInput))
    .mutation(async ({ ctx, input }) => {
      const actor = { email: ctx.viewer.email, role: ctx.role };
      const { invitation } = await transaction((tx) => inviteMember(ctx.scope, input.data, tx, actor));
      return mailInvitation(invitation);
    }),

  changeRole: workspaceProcedure
    .meta({ need: "manage", label: "Change member role" })
    .input(scopedInput("workspace", changeMemberRoleInput))
    .mutation(({ ctx, input }) =>
      transaction((tx) => changeMemberRole(ctx.scope, input.data, tx, { email: ctx.viewer.email, role: ctx.role })),
    ),

  remove: workspaceProcedure
    .meta({ need: "manage", label: "Remove member" })
    .input(scopedInput("workspace", removeMemberInput))
    .mutation(({ ctx, input }) =>
      transaction((tx) => removeMember(ctx.scope, input.data, tx, { email: ctx.viewer.email, role: ctx.role })),
    ),
});
