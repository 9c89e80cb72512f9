import { writeFileSync } from "node:fs";
import { openApiDocument } from "@/lib/api/openapi";

// Laid out the way prettier lays out JSON at width 120 (a value stays on one line when it fits, otherwise one
// member per line), indented with tabs: the request schemas sit ten levels deep, and two spaces a level
// would be a quarter of the file. (JSON.stringify's layout put every one-field schema on three lines.)
const WIDTH = 120;
const TAB_COLUMNS = 2;

function layout(value: unknown, indent: string, lead: number): string {
  const flat = inline(value);
  if (value === null || typeof value !== "object" || indent.length * TAB_COLUMNS + lead + flat.length + 1 <= WIDTH)
    return flat;
  const inner = indent + "\t";
  const lines = Array.isArray(value)
    ? value.map((v) => inner + layout(v, inner, 0))
    : Object.entries(value).map(
        ([k, v]) => `${inner}${JSON.stringify(k)}: ${layout(v, inner, JSON.stringify(k).length + 2)}`,
      );
  const [open, close] = Array.isArray(value) ? ["[", "]"] : ["{", "}"];
  return lines.length ? `${open}\n${lines.join(",\n")}\n${indent}${close}` : `${open}${close}`;
}

function inline(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(inline).join(", ")}]`;
  const members = Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}: ${inline(v)}`);
  return members.length ? `{ ${members.join(", ")} }` : "{}";
}

writeFileSync("openapi.json", layout(openApiDocument(), "", 0) + "\n");
console.log("wrote openapi.json");
