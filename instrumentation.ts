export async function register() {
  // Node-only start-up lives in its own file so the Edge build never sees node: imports.
  if (process.env.NEXT_RUNTIME === "nodejs") await import("./instrumentation-node");
}
