import { z } from "zod";

// Apart from domain-changes.ts so that the console's form can validate in the browser with this schema.
export const domainsInput = z.strictObject({
  domains: z.array(z.string().max(2000)).min(1).max(100),
});
export type DomainsInput = z.output<typeof domainsInput>;
