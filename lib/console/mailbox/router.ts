import { listMailbox } from "@/lib/domain/email/list-mailbox";
import { listOutbox, listOutboxInput } from "@/lib/domain/email/list-outbox";
import { OPERATOR_SCOPE } from "@/lib/domain/scope";
import { listPageInput } from "@/lib/domain/paging";
import { db } from "@/lib/infra/db";
import { scopedInput } from "../router/scoped-input";
import { operatorProcedure, router, signedIn } from "../router/trpc";

// The dev outbox: a page of the viewer's mail (the operator's: all of it), and the operator's listing by
// recipient (`weft outbox:list`).

const iso = <T extends { createdAt: Date }>(m: T) => ({ ...m, createdAt: m.createdAt.toISOString() });

export const mailboxRouter = router({
  list: signedIn.input(scopedInput("viewer", listPageInput)).query(async ({ ctx, input }) => {
    const page = await listMailbox(ctx.viewer.scope, input.data, db());
    return { ...page, mails: page.mails.map(iso) };
  }),

  outbox: operatorProcedure
    .input(scopedInput("viewer", listOutboxInput))
    .query(({ input }) => listOutbox(OPERATOR_SCOPE, input.data, db())),
});
