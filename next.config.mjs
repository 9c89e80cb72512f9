// Plain JavaScript on purpose: a next.config.ts is transpiled with SWC at every start, which loads its 24 MB
// native binding into the production server for nothing (bench/README.md, the embedded server's memory).

/** @type {import("next").NextConfig} */
const nextConfig = {
  // yjs refuses to be loaded twice in one process (its constructor checks break); bundled, the instrumentation
  // bundle (background jobs) and the route bundles would each carry a copy. prom-client: one copy of the
  // Node-only metrics library for both graphs (the registry itself is on globalThis, lib/infra/metrics).
  serverExternalPackages: ["@prisma/schema-engine-wasm", "yjs", "prom-client"],
  poweredByHeader: false,
  typedRoutes: false,
  experimental: {
    // Next loads every page's server bundle at start by default; here the API and live paths never need them,
    // and each console page bundle carries its own copy of the domain modules, so they load on first use
    // (the embedded server's idle memory, bench/README.md).
    preloadEntriesOnStart: false,
  },
};

export default nextConfig;
