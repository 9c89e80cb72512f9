// Part of a reply that the database already wrote as JSON text: the big pages of exact-select stores
// (documents-store, users-store). The dispatcher splices it into the envelope as it is, instead of mapping rows
// into objects, checking them against the output schema and writing them out again (three copies of every row).
// Only a store whose SQL emits exactly the fields of the endpoint's output schema, in its order and escaped as
// JSON.stringify escapes them, may make one; its tests compare the text with the schema-shaped reply.
export class JsonText {
  constructor(readonly text: string) {}
}

/** `[a,b,...]` of parts that are each JSON text already. */
export const jsonArray = (parts: string[]) => new JsonText(`[${parts.join(",")}]`);

/** A null-prototype record (keys in JavaScript's order) of arrays whose items are JSON text already. */
export function jsonRecordOfArrays(record: Record<string, string[]>): JsonText {
  return new JsonText(
    `{${Object.keys(record)
      .map((k) => `${JSON.stringify(k)}:[${record[k].join(",")}]`)
      .join(",")}}`,
  );
}

/**
 * `value` with JsonText read back into plain values: for a reply that reshapes it through an output schema other
 * than the one its store wrote to (the v1 twins of Get Documents and Get Users drop fields of the v2 page).
 */
export const parsedJsonText = (value: unknown): unknown => (value instanceof JsonText ? JSON.parse(value.text) : value);
