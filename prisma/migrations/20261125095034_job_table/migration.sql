-- CreateTable
CREATE TABLE "Job" (
    "id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "runAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "leaseUntil" TIMESTAMP(3),
    "lastError" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "Job_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Job_status_runAt_idx" ON "Job"("status", "runAt");

-- CreateIndex
CREATE INDEX "Job_finishedAt_idx" ON "Job"("finishedAt");

-- pg-boss is replaced by the Job table: carry its unfinished jobs over, then drop its schema. (Plain statements:
-- the driver splits migration scripts at every semicolon. The empty stand-in table only exists where pg-boss
-- never ran, and goes with the schema.)
CREATE SCHEMA IF NOT EXISTS pgboss;
CREATE TABLE IF NOT EXISTS pgboss.job (id uuid, name text, data jsonb, state text, start_after timestamptz);
INSERT INTO "Job" ("id", "kind", "payload", "runAt", "createdAt")
SELECT 'job_' || replace(j.id::text, '-', ''), j.name, COALESCE(j.data, '{}'::jsonb),
       j.start_after AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC'
FROM pgboss.job j
WHERE j.state::text IN ('created', 'retry', 'active') AND j.name NOT LIKE '\_\_%'
ON CONFLICT DO NOTHING;
DROP SCHEMA pgboss CASCADE;
