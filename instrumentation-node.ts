import { recordRequestTelemetry } from "@/lib/api/request-telemetry";
import { exposeApiFastPath } from "@/lib/api/node-handler";
import { bootServer } from "@/lib/infra/boot-server";

recordRequestTelemetry();
await bootServer();
exposeApiFastPath();
