import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname, "."),
      // Server modules (lib/auth) import it as a marker; Next resolves it to its empty file on the server.
      "server-only": path.resolve(import.meta.dirname, "node_modules/server-only/empty.js"),
    },
  },
  test: {
    include: ["tests/**/*.test.ts", "lib/**/*.test.ts"],
    // Built server processes against PostgreSQL: vitest.system.config.mts.
    exclude: ["tests/system/**", "**/node_modules/**"],
    environment: "node",
    // One PostgreSQL server per run (weft's embedded engine, or DATABASE_URL's); a database per test file.
    globalSetup: ["tests/helpers/global-database.ts"],
    pool: "forks",
    testTimeout: 30_000,
    hookTimeout: 90_000,
    env: { WEFT_LOG_LEVEL: "error" },
  },
});
