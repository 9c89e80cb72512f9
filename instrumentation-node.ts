import { bootServer } from "@/lib/server/boot-server";

await bootServer();
