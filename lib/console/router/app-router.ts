import { apiKeysRouter } from "../api-keys/router";
import { auditRouter } from "../audit/router";
import { dataRouter } from "../data/router";
import { emailRouter } from "../email/router";
import { jobsRouter } from "../jobs/router";
import { liveRouter } from "../live/router";
import { mailboxRouter } from "../mailbox/router";
import { sessionRouter } from "../session/router";
import { teamsRouter } from "../teams/router";
import { usageRouter } from "../usage/router";
import { webhooksRouter } from "../webhooks/router";
import { workspacesRouter } from "../workspaces/router";
import { operationRecord } from "./operations";
import { createCallerFactory, router } from "./trpc";

// The console's one API: the REST operations an owner may run, derived from the registry (`v1.*`, `v2.*`:
// operations.ts), and the console's own procedures beside them. Served at /api/trpc (app/api/trpc/[trpc]),
// called in process by server components (server.ts) and the CLI (createCaller).

export const appRouter = router({
  ...operationRecord,
  workspaces: workspacesRouter,
  apiKeys: apiKeysRouter,
  webhooks: webhooksRouter,
  usage: usageRouter,
  email: emailRouter,
  mailbox: mailboxRouter,
  session: sessionRouter,
  live: liveRouter,
  jobs: jobsRouter,
  data: dataRouter,
  teams: teamsRouter,
  audit: auditRouter,
});

export type AppRouter = typeof appRouter;

export const createCaller = createCallerFactory(appRouter);
