import { z } from "zod";
import { normalizeDomain } from "@/lib/domain/domains/normalize-domain";

// The console's allowed-domain inputs, checked in the browser with the rule the REST endpoints apply
// (normalizeDomain: a host name, optionally a leading "*." wildcard, or an origin / URL whose host is one),
// so a typo is named at the input before anything is sent.

export function domainProblem(entry: string): string | null {
  return normalizeDomain(entry)
    ? null
    : `“${entry}” is not a domain. Enter a host name such as app.example.com or *.example.com, or an origin such as https://app.example.com.`;
}

/** `schema` with every entry of its `field` list checked; the first bad entry is named at that input. */
export function withDomainCheck<S extends z.ZodType>(schema: S, field: string) {
  return schema.superRefine((value, ctx) => {
    const list = (value as Record<string, unknown> | undefined)?.[field];
    if (!Array.isArray(list)) return;
    for (const entry of list) {
      const problem = typeof entry === "string" ? domainProblem(entry) : null;
      if (problem) {
        ctx.addIssue({ code: "custom", path: [field], message: problem });
        return;
      }
    }
  });
}
