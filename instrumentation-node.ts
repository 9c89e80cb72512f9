import { recordRequestTelemetry } from "@/lib/api/request-telemetry";
import { serveMetricsPortFromEnv } from "@/lib/api/metrics-port";
import { exposeApiFastPath } from "@/lib/api/node-handler";
import { bootServer } from "@/lib/infra/boot-server";

recordRequestTelemetry();
await bootServer();
exposeApiFastPath();
await serveMetricsPortFromEnv();
