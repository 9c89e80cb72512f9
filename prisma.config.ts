import { defineConfig } from "prisma/config";

// Offline: the Prisma CLI wants to download the native schema engine at start-up; `generate` never runs it.
// A failing stub (never /bin/true, which makes `migrate deploy` a silent no-op) keeps it from trying.
// Migrations go through scripts/schema-engine.mjs (npm run db:create|db:deploy|db:status).
process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= new URL("./scripts/no-schema-engine.sh", import.meta.url).pathname;

export default defineConfig({
  schema: "prisma/schema",
  migrations: { path: "prisma/migrations" },
});
