/** Rows per page of the console's lists (server-rendered first page and the client's next pages alike). */
export const PAGE_SIZE = 20;
