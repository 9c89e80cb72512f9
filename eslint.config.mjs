import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

const transports = ["./lib/api", "./lib/live", "./lib/console", "./lib/auth"];
const topFloor = ["./lib/server", "./app", "./components", "./cli", "./scripts"];

// Next's rules, react-hooks (rules of hooks, exhaustive deps and the React Compiler checks) and
// typescript-eslint's recommended set all come through eslint-config-next.
export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["warn", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // The floors (docs/architecture.md): lib/server, the composition root, may import everything; the transports
    // (lib/api, lib/live, lib/console, lib/auth) import lib/domain and lib/infra; lib/domain imports only
    // lib/infra; lib/infra imports nothing of weft above it. No import cycles, tests included.
    files: ["**/*.{ts,tsx,mts,mjs}"],
    // no-cycle follows weft's own imports only: parsing packages (PGlite's bundle overflows the parser) is slow
    // and cannot find a cycle through weft.
    settings: { "import/ignore": ["node_modules"] },
    rules: {
      "import/no-restricted-paths": [
        "error",
        {
          zones: [
            {
              target: "./lib/infra",
              from: ["./lib/domain", ...transports, ...topFloor],
              message: "lib/infra is the ground floor: it imports nothing of weft above it.",
            },
            {
              target: "./lib/domain",
              from: [...transports, ...topFloor],
              message: "lib/domain imports only lib/infra: no transport, no composition root.",
            },
            {
              target: transports,
              from: topFloor,
              message: "Only lib/server (the composition root) and the app import lib/server.",
            },
          ],
        },
      ],
      "import/no-cycle": ["error", { ignoreExternal: true }],
    },
  },
  {
    // Not React: helpers such as useTestDatabase() are vitest fixtures, not hooks.
    files: ["tests/**", "e2e/**", "bench/**"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
  globalIgnores([
    ".next/**",
    "lib/generated/**",
    ".data/**",
    "test-results/**",
    "playwright-report/**",
    "next-env.d.ts",
  ]),
]);
