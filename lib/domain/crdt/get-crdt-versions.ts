import { z } from "zod";
import type { Reader } from "@/lib/infra/db";
import { orderedPageArgs } from "../ordered-paging";
import { pageTokenField, takePage } from "../paging";
import type { ApiKeyScope } from "../scope";
import { editorKey } from "./crdt-document";
import { editorRefFields } from "./crdt-input";
import { readVersion, versionColumns, versionContent, versionRefInput, versionSummary } from "./crdt-versions";

export const getCrdtVersionsInput = z.strictObject({
  ...editorRefFields,
  pageSize: z.number().int().min(1).max(100).default(20),
  pageToken: pageTokenField.optional(),
});

/** The editor's versions, newest first, a page at a time. */
export async function getCrdtVersions(scope: ApiKeyScope, input: z.output<typeof getCrdtVersionsInput>, tx: Reader) {
  const rows = await tx.crdtVersion.findMany({
    ...orderedPageArgs({ ...input, order: "desc" }, editorKey(scope, input)),
    select: versionColumns,
  });
  const { page, nextPageToken } = takePage(rows, input.pageSize);
  return { versions: page.map(versionSummary), pageToken: nextPageToken };
}

export const getCrdtVersionByIdInput = versionRefInput;

/** One version with its content (as Get CRDT Data shows it) and its Yjs state. */
export async function getCrdtVersionById(
  scope: ApiKeyScope,
  input: z.output<typeof getCrdtVersionByIdInput>,
  tx: Reader,
) {
  const row = await readVersion(tx, scope, input);
  return {
    ...versionSummary(row),
    data: versionContent(row),
    update: Buffer.from(row.state).toString("base64"),
  };
}
