import type { z } from "zod";

// zod issues become one INVALID_ARGUMENT message that names the field: "ownerEmail is required.",
// "users[2].userId must be a string.", "documentIds must contain at most 30 items.".
// Messages a schema sets itself (the spec's exact strings) are kept as they are.

const PATH = "{path}";

export function formatPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const part of path) {
    if (typeof part === "number") out += `[${part}]`;
    else out += out ? `.${String(part)}` : String(part);
  }
  return out || "data";
}

const article = (t: string) => (/^[aeiou]/.test(t) ? `an ${t}` : `a ${t}`);

function typeName(expected: string): string {
  return expected === "int" ? "an integer" : article(expected);
}

function unit(origin: string | undefined) {
  if (origin === "string") return ["characters", "character"];
  if (origin === "array" || origin === "set") return ["items", "item"];
  return null;
}

/** Per-parse error map: default messages carry a {path} placeholder filled in by firstIssueMessage. */
export const issueMessage: z.core.$ZodErrorMap = (iss) => {
  switch (iss.code) {
    case "invalid_type":
      if (iss.input === undefined) return `${PATH} is required.`;
      if (iss.input === null) return `${PATH} must not be null.`;
      return `${PATH} must be ${typeName(iss.expected)}.`;
    case "too_big": {
      const u = unit(iss.origin);
      if (u) return `${PATH} must contain at most ${iss.maximum} ${Number(iss.maximum) === 1 ? u[1] : u[0]}.`;
      return `${PATH} must be at most ${iss.maximum}.`;
    }
    case "too_small": {
      const u = unit(iss.origin);
      if (u && Number(iss.minimum) === 1)
        return iss.origin === "string" ? `${PATH} must not be empty.` : `${PATH} must contain at least 1 item.`;
      if (u) return `${PATH} must contain at least ${iss.minimum} ${u[0]}.`;
      return `${PATH} must be at least ${iss.minimum}.`;
    }
    case "invalid_format":
      if (iss.format === "email") return `${PATH} must be a valid email address.`;
      if (iss.format === "url") return `${PATH} must be a valid URL.`;
      return `${PATH} has an invalid format.`;
    case "invalid_value":
      if (iss.input === undefined) return `${PATH} is required.`;
      return `${PATH} must be one of: ${iss.values.map((v) => String(v)).join(", ")}.`;
    case "unrecognized_keys":
      return `Unknown field${iss.keys.length > 1 ? "s" : ""}: ${iss.keys.map((k) => `${PATH}${k}`).join(", ")}.`;
    case "not_multiple_of":
      return `${PATH} must be a multiple of ${iss.divisor}.`;
    case "invalid_union":
    case "invalid_key":
    case "invalid_element":
    default:
      return `${PATH} is invalid.`;
  }
};

export function firstIssueMessage(error: z.ZodError): string {
  const iss = error.issues[0];
  if (!iss) return "Invalid request.";
  if (iss.code === "unrecognized_keys") {
    const prefix = iss.path.length ? `${formatPath(iss.path)}.` : "";
    return iss.message.replaceAll(PATH, prefix);
  }
  return iss.message.replaceAll(PATH, formatPath(iss.path));
}
