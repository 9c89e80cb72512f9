"use server";

import { listMailbox } from "@/lib/domain/email/list-mailbox";
import { listPageInput } from "@/lib/domain/paging";
import { consoleAction } from "../action";

export const listMailboxAction = consoleAction({
  access: "viewer",
  input: listPageInput,
  run: (input, { viewer, db }) => listMailbox(viewer.scope, input, db),
});
