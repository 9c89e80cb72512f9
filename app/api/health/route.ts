import { db } from "@/lib/infra/db";
import { maybeRuntime } from "@/lib/infra/runtime";

export const dynamic = "force-dynamic";

/** 200 once migrations are applied and the database answers; 503 otherwise. */
export async function GET() {
  const rt = maybeRuntime();
  if (!rt?.ready) return Response.json({ status: "starting" }, { status: 503 });
  try {
    await db().$queryRaw`SELECT 1`;
    return Response.json({ status: "ok", database: rt.databaseMode });
  } catch {
    return Response.json({ status: "unavailable", database: rt.databaseMode }, { status: 503 });
  }
}
