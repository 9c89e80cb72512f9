import { answerMetrics } from "@/lib/api/metrics-endpoint";

export const dynamic = "force-dynamic";

/** Prometheus scrape endpoint; see docs/operations/metrics.md. */
export const GET = answerMetrics;
