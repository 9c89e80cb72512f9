-- Stored Idempotency-Key replies are sealed from now on (lib/api/idempotency.ts). Replies stored in clear before
-- (they may hold auth tokens) are dropped: a retry of such a call answers 409 "... its reply was lost, use a new
-- key" instead of running it twice.
UPDATE "IdempotencyRecord" SET "body" = NULL WHERE "body" IS NOT NULL AND "body" NOT LIKE 'v2.%';
