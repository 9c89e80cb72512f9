import { PAGE_SIZE } from "../page-size";

// The inputs of the Data page's paged lists, shared by the page that prefetches the first page and the list
// that asks for it (the same input is the same query key).

export const dataPage = <F extends object>(filter: F, pageToken?: string) => ({
  data: { ...filter, pageSize: PAGE_SIZE, pageToken },
});
