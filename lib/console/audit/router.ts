import { exportAudit, exportAuditInput, listAudit, listAuditInput } from "@/lib/domain/audit/audit-log";
import { db } from "@/lib/infra/db";
import { scopedInput } from "../router/scoped-input";
import { router, workspaceProcedure } from "../router/trpc";

// A workspace's audit log (written by the router itself: router/audit.ts), for its admins and owners: a page
// at a time with filters, or everything that matches as a CSV or JSON download.

export const auditRouter = router({
  list: workspaceProcedure
    .meta({ need: "manage" })
    .input(scopedInput("workspace", listAuditInput))
    .query(({ ctx, input }) => listAudit(ctx.scope, input.data, db())),

  export: workspaceProcedure
    .meta({ need: "manage" })
    .input(scopedInput("workspace", exportAuditInput))
    .query(({ ctx, input }) => exportAudit(ctx.scope, input.data, db())),
});
