import { z } from "zod";

// What Add / Get / Delete Domains answer. Skipped domains are data, not an error (wire notes, decision 5).

export const domainList = z.array(z.string());

export const domainsAddedOutput = z.object({ domainsAdded: domainList, skippedDomains: domainList });

export const allowedDomainsOutput = z.object({ allowedDomains: domainList });

export const domainsRemovedOutput = z.object({ domainsRemoved: domainList, skippedDomains: domainList });
