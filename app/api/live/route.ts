// Liveness: the process answers HTTP. No database, no auth, a constant body; /api/health is readiness.
// `npm run bench` also loads it as the framework floor: the cheapest request this build can serve.
const body = JSON.stringify({ status: "ok" });

function live() {
  return new Response(body, { headers: { "content-type": "application/json", "cache-control": "no-store" } });
}

export const GET = live;
export const POST = live;
