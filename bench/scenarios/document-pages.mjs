// Get Documents at page 1 and at page 100 of 100,000 documents (default pageSize 1000): documents are added
// through Add Documents in batches of 1,000, the walk to page 100 follows the opaque pageToken, then both pages
// are loaded in turns. Keyset paging should make both cost the same.
import { postOk } from "../lib/http.mjs";

export const PAGES_ORG = "bench-pages";
const BATCH = 1000;

export async function seedDocuments(base, keyHeaders, total) {
  const started = performance.now();
  for (let b = 0; b * BATCH < total; b++) {
    const documents = Array.from({ length: Math.min(BATCH, total - b * BATCH) }, (_, i) => ({
      documentId: `doc-${String(b * BATCH + i).padStart(6, "0")}`,
      documentName: `Bench document ${b * BATCH + i}`,
    }));
    await postOk(
      base,
      "/v2/organizations/documents/add",
      { organizationId: PAGES_ORG, createOrganization: true, documents },
      keyHeaders,
    );
  }
  const ms = performance.now() - started;
  return { documents: total, ms, rowsPerSec: total / (ms / 1000) };
}

/** Follows nextPageToken from page 1 to `page`; returns the request body that fetches that page. */
export async function bodyOfPage(base, keyHeaders, page) {
  let pageToken;
  for (let p = 1; p < page; p++) {
    const result = await postOk(
      base,
      "/v2/organizations/documents/get",
      { organizationId: PAGES_ORG, ...(pageToken ? { pageToken } : {}) },
      keyHeaders,
    );
    if (result.data.length !== BATCH || !result.pageToken)
      throw new Error(`page ${p} has ${result.data.length} documents and ${result.pageToken ? "a" : "no"} next token`);
    pageToken = result.pageToken;
  }
  const last = await postOk(
    base,
    "/v2/organizations/documents/get",
    { organizationId: PAGES_ORG, ...(pageToken ? { pageToken } : {}) },
    keyHeaders,
  );
  if (last.data.length !== BATCH) throw new Error(`page ${page} has ${last.data.length} documents`);
  return JSON.stringify({ data: { organizationId: PAGES_ORG, ...(pageToken ? { pageToken } : {}) } });
}
