import { db } from "@/lib/infra/db";
import { maybeRuntime } from "@/lib/infra/runtime";

export const dynamic = "force-dynamic";

/** A database that has not answered `SELECT 1` in this long is reported unreachable, not waited for. */
const DATABASE_DEADLINE_MS = 5_000;

/** 200 once migrations are applied and the database answers; 503 otherwise (starting, or unreachable). */
export async function GET() {
  const rt = maybeRuntime();
  if (!rt?.ready) return Response.json({ status: "starting" }, { status: 503 });
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("no answer")), DATABASE_DEADLINE_MS);
  });
  try {
    await Promise.race([db().$queryRaw`SELECT 1`, deadline]);
    return Response.json({ status: "ok", database: rt.databaseMode });
  } catch {
    return Response.json({ status: "unavailable", database: rt.databaseMode }, { status: 503 });
  } finally {
    clearTimeout(timer);
  }
}
