// react-query keys of the dev mailbox.
export const mailboxKeys = {
  all: ["mailbox"] as const,
  list: (pageToken?: string) => [...mailboxKeys.all, "list", pageToken ?? "first"] as const,
};
