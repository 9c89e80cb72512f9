import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // PGlite ships a WASM build and data files it loads from its own package directory: bundling breaks it.
  serverExternalPackages: ["@electric-sql/pglite", "@electric-sql/pglite-socket", "pglite-prisma-adapter", "@prisma/schema-engine-wasm"],
  poweredByHeader: false,
  typedRoutes: false,
};

export default nextConfig;
