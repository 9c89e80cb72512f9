import { exposeApiFastPath } from "@/lib/api/node-handler";
import { bootServer } from "@/lib/infra/boot-server";

await bootServer();
exposeApiFastPath();
