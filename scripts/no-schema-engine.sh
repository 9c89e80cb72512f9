#!/bin/sh
echo "prisma schema-engine binary is not available offline: use 'npm run db:create|db:deploy|db:status' (scripts/schema-engine.mjs)" >&2
exit 1
