import path from "node:path";
import { defineConfig } from "vitest/config";

// System tests: the built server as real processes against PostgreSQL (weft's embedded engine, or DATABASE_URL's).
// Run by `npm test` (scripts/test.mjs) after the build, and by .ci/run.
export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname, ".") } },
  test: {
    include: ["tests/system/**/*.test.ts"],
    environment: "node",
    globalSetup: ["tests/helpers/global-database.ts"],
    pool: "forks",
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 120_000,
  },
});
