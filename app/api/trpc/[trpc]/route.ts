import { handleConsoleRpc } from "@/lib/console/router/route-handler";

// The console's tRPC router (lib/console/router): reads its session cookie on every call.
export const dynamic = "force-dynamic";

export const GET = handleConsoleRpc;
export const POST = handleConsoleRpc;
