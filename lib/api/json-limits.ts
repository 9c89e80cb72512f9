import { invalid } from "@/lib/domain/errors";
import { formatPath } from "./validation";

// Limits on the parsed body that no zod schema expresses: nesting depth (free-form fields such as `context`
// or `metadata` accept any JSON, and deep nesting costs every later walk over it), NUL characters and unpaired
// UTF-16 surrogates (valid in JSON's \u escapes), which PostgreSQL cannot store in text or jsonb (the write
// would fail with an internal error instead of naming the field).

export const MAX_JSON_DEPTH = 32;

interface Node {
  value: unknown;
  key: string | number | null;
  parent: Node | null;
  depth: number;
}

function pathOf(node: Node): string {
  const parts: (string | number)[] = [];
  for (let n: Node | null = node; n && n.key !== null; n = n.parent) parts.unshift(n.key);
  return formatPath(parts);
}

export function checkJsonLimits(data: unknown): void {
  const stack: Node[] = [{ value: data, key: null, parent: null, depth: 0 }];
  while (stack.length) {
    const node = stack.pop()!;
    const { value } = node;
    if (typeof value === "string") {
      if (value.includes("\u0000")) throw invalid(`${pathOf(node)} must not contain NUL (\\u0000) characters.`);
      if (!value.isWellFormed()) throw invalid(`${pathOf(node)} must not contain unpaired surrogate characters.`);
      continue;
    }
    if (typeof value !== "object" || value === null) continue;
    if (node.depth >= MAX_JSON_DEPTH)
      throw invalid(`Request body is nested more than ${MAX_JSON_DEPTH} levels deep at ${pathOf(node)}.`);
    const entries: [string | number, unknown][] = Array.isArray(value)
      ? value.map((v, i) => [i, v])
      : Object.entries(value);
    for (const [key, item] of entries) {
      if (typeof key === "string" && key.includes("\u0000"))
        throw invalid(`${pathOf(node)} has a field name with a NUL (\\u0000) character.`);
      if (typeof key === "string" && !key.isWellFormed())
        throw invalid(`${pathOf(node)} has a field name with an unpaired surrogate character.`);
      stack.push({ value: item, key, parent: node, depth: node.depth + 1 });
    }
  }
}
