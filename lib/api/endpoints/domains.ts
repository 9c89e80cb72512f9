import { z } from "zod";
import { addDomains, deleteDomains, getDomains, getDomainsInput } from "@/lib/domain/domains/domain-changes";
import {
  allowedDomainsOutput,
  domainList,
  domainsAddedOutput,
  domainsRemovedOutput,
} from "@/lib/domain/domains/domains-contract";
import { domainsInput } from "@/lib/domain/domains/domains-input";
import { defineEndpoint } from "../define-endpoint";
import { v1Twin } from "../v1-twin";

/** Skipped domains are reported in `data` and named in the message, not as an error (wire notes, decision 5). */
function partialReply<K extends string>(done: K, skippedNote: string) {
  return {
    build: (out: Record<K | "skippedDomains", string[]>, message: string) => ({
      status: "success",
      message: out.skippedDomains.length ? `${message} ${skippedNote}` : message,
      data: { [done]: out[done], ...(out.skippedDomains.length && { skippedDomains: out.skippedDomains }) },
    }),
    schema: z.object({
      status: z.literal("success"),
      message: z.string(),
      data: z.object({ [done]: domainList, skippedDomains: domainList.optional() }),
    }),
  };
}

const addDomainsV2 = defineEndpoint({
  path: "/v2/workspace/domains/add",
  auth: "apiKey",
  summary: "Add Domains",
  input: domainsInput,
  output: domainsAddedOutput,
  message: "Domain(s) added successfully to allowed domains.",
  writes: true,
  run: (input, ctx) => addDomains(ctx.scope, input, ctx.tx),
  reply: partialReply("domainsAdded", "Skipped existing domains."),
});

const deleteDomainsV2 = defineEndpoint({
  path: "/v2/workspace/domains/delete",
  auth: "apiKey",
  summary: "Delete Domains",
  input: domainsInput,
  output: domainsRemovedOutput,
  message: "Domain(s) removed successfully from allowed domains.",
  writes: true,
  run: (input, ctx) => deleteDomains(ctx.scope, input, ctx.tx),
  reply: partialReply("domainsRemoved", "Skipped non-existing domains."),
});

export const domainEndpoints = [
  addDomainsV2,
  v1Twin(addDomainsV2, "/v1/workspace/domains/add"),
  defineEndpoint({
    path: "/v2/workspace/domains/get",
    auth: "apiKey",
    summary: "Get Domains",
    input: getDomainsInput,
    output: allowedDomainsOutput,
    message: "Allowed domains retrieved successfully.",
    dataOptional: true,
    run: (input, ctx) => getDomains(ctx.scope, input, ctx.db),
  }),
  deleteDomainsV2,
  v1Twin(deleteDomainsV2, "/v1/workspace/domains/delete"),
];
