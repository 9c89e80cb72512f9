import { recordRequestTelemetry } from "@/lib/api/request-telemetry";
import { bootServer } from "@/lib/infra/boot-server";

recordRequestTelemetry();
await bootServer();
