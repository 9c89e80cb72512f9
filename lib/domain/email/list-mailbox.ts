import type { Reader } from "@/lib/infra/db";
import { mailSelect } from "./list-outbox";
import { beyondPosition, decodePageToken, takePage, type ListPageInput } from "../paging";
import type { ViewerScope } from "../workspaces/visible-workspaces";

/** One page of the mail log, newest first: all of it for the operator, an owner's own mail for an owner. */
export async function listMailbox(scope: ViewerScope, input: ListPageInput, tx: Reader) {
  const position = input.pageToken ? decodePageToken(input.pageToken) : undefined;
  const recipient =
    scope.level === "operator" ? {} : { to: { equals: scope.ownerEmail, mode: "insensitive" as const } };
  const rows = await tx.outboxMail.findMany({
    where: { AND: [recipient, position ? beyondPosition("createdAt", position, "desc") : {}] },
    select: mailSelect,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: input.pageSize + 1,
  });
  const { page, nextPageToken } = takePage(rows, input.pageSize);
  return { mails: page, nextPageToken };
}
