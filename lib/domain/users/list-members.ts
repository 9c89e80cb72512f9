import { z } from "zod";
import type { Reader } from "@/lib/infra/db";
import { clientId } from "../fields";
import { orgScope } from "../organizations/organization-scope";
import { decodePageToken, encodePageToken, pagingInput } from "../paging";
import type { ApiKeyScope } from "../scope";
import type { UserView } from "./users-contract";
import { type MemberPageRow, readMembersPage } from "./users-store";

export const listMembersInput = z.strictObject({ organizationId: clientId, ...pagingInput });

/** A page of readMembersPage's rows (one more than the page was read): the members, and the next page's token. */
export function membersPage(rows: MemberPageRow[], pageSize: number) {
  const found = rows[0]?.id == null ? [] : rows;
  const members = found.slice(0, pageSize);
  const last = members[members.length - 1];
  const nextPageToken = found.length > pageSize ? encodePageToken({ at: Number(last.at), id: last.id! }) : undefined;
  return { members, nextPageToken };
}

/**
 * A page of an organization's own members as Get Users lists them, whatever the key's advanced queries switch
 * says: the console's Data page shows what an integration stored even where its REST reads are switched off.
 */
export async function listMembers(scope: ApiKeyScope, input: z.output<typeof listMembersInput>, tx: Reader) {
  const position = input.pageToken ? decodePageToken(input.pageToken) : undefined;
  const rows = await readMembersPage(tx, {
    ...orgScope(scope, input.organizationId),
    resourceType: "organization",
    resourceId: input.organizationId,
    now: new Date(),
    after: position && { at: new Date(position.at), id: position.id },
    take: input.pageSize + 1,
    whateverTheSwitch: true,
  });
  const { members, nextPageToken } = membersPage(rows, input.pageSize);
  return { users: members.map((m) => JSON.parse(m.user!) as UserView), nextPageToken };
}
