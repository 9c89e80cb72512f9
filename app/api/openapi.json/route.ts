import { servedOpenApiDocument } from "@/lib/api/openapi";

export function GET(request: Request) {
  return Response.json(servedOpenApiDocument(request));
}
