import { bootServer } from "@/lib/infra/boot-server";

await bootServer();
