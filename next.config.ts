import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // yjs refuses to be loaded twice in one process (its constructor checks break); bundled, the instrumentation
  // bundle (background jobs) and the route bundles would each carry a copy. prom-client: one copy of the
  // Node-only metrics library for both graphs (the registry itself is on globalThis, lib/infra/metrics).
  serverExternalPackages: [
    "@prisma/schema-engine-wasm",
    "yjs",
    "prom-client",
  ],
  poweredByHeader: false,
  typedRoutes: false,
};

export default nextConfig;
