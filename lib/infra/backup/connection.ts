import pg from "pg";

// A plain pg connection for dumping and loading: every value comes back as the server's text form (no parsing
// into JS numbers or Dates that could lose precision), and the settings that shape that text are pinned, so
// the text and the checksums over it are the same on every server (and on the PGlite of an earlier weft,
// which the upgrade reads through the same records).

const asText = (value: string) => value;

const SESSION_SETTINGS = [
  "SET TIME ZONE 'UTC'",
  "SET DateStyle = 'ISO, YMD'",
  "SET IntervalStyle = 'postgres'",
  "SET extra_float_digits = 3",
  "SET bytea_output = 'hex'",
  "SET client_encoding = 'UTF8'",
];

export async function connectRaw(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, types: { getTypeParser: () => asText } });
  await client.connect();
  try {
    for (const statement of SESSION_SETTINGS) await client.query(statement);
  } catch (e) {
    await client.end().catch(() => {});
    throw e;
  }
  return client;
}

/** A quoted identifier for a name read from the catalog (never from user input). */
export const ident = (name: string) => pg.escapeIdentifier(name);
