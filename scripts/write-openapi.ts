import { writeFileSync } from "node:fs";
import { openApiDocument } from "@/lib/api/openapi";

writeFileSync("openapi.json", JSON.stringify(openApiDocument(), null, 2) + "\n");
console.log("wrote openapi.json");
