import fc from "fast-check";

// fast-check arbitraries for request bodies, driven by an endpoint's input JSON Schema (from zod): values
// mostly have the declared structure, so they get past the first check and reach deeper validation and the
// handler, with hostile leaves mixed in (NUL bytes, SQL, unicode, huge and negative numbers, wrong types,
// nesting) and fields dropped or added.

type Schema = Record<string, unknown>;

const hostileString = fc.oneof(
  fc.constantFrom(
    "",
    " ",
    '\'; DROP TABLE "Workspace"; --',
    '" OR 1=1 --',
    "a\u0000b",
    "\u202Eevil",
    "👩‍👩‍👧",
    "e\u0301",
    "null",
    "0",
    "-1",
    "1e309",
  ),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ minLength: 200, maxLength: 3000 }),
);

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.constantFrom(null, true, false, 0, -1, 1.5, 2 ** 53, -(2 ** 31), 1e308),
  fc.integer(),
  fc.array(hostileString, { maxLength: 40 }),
  fc.dictionary(hostileString, hostileString, { maxKeys: 4 }),
  fc.jsonValue({ maxDepth: 4 }),
);

function stringFor(schema: Schema): fc.Arbitrary<string> {
  if (schema.format === "email") return fc.oneof(fc.emailAddress(), fc.constant("someone@example.com"));
  if (schema.format === "uri" || schema.format === "url") return fc.webUrl();
  if (typeof schema.pattern === "string") return fc.stringMatching(new RegExp(schema.pattern));
  const maxLength = typeof schema.maxLength === "number" ? schema.maxLength : 60;
  const minLength = typeof schema.minLength === "number" ? schema.minLength : 0;
  return fc.string({ minLength, maxLength: Math.max(minLength, Math.min(maxLength, 80)) });
}

function numberFor(schema: Schema, integer: boolean): fc.Arbitrary<number> {
  const min = typeof schema.minimum === "number" ? schema.minimum : -1000;
  const max = typeof schema.maximum === "number" ? schema.maximum : 100_000;
  return integer ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) }) : fc.double({ min, max, noNaN: true });
}

/** Values of the declared type and shape (constraints mostly respected). */
export function conforming(schema: Schema, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 5 || schema.$ref) return fc.jsonValue({ maxDepth: 2 });
  if ("const" in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const union = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (union?.length) return fc.oneof(...union.map((s) => conforming(s, depth + 1)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "string":
      return stringFor(schema);
    case "integer":
      return numberFor(schema, true);
    case "number":
      return numberFor(schema, false);
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array": {
      const items = (schema.items as Schema | undefined) ?? {};
      const maxLength = Math.min(typeof schema.maxItems === "number" ? schema.maxItems : 5, 5);
      return fc.array(leaf(items, depth + 1), {
        minLength: Math.min(typeof schema.minItems === "number" ? schema.minItems : 0, maxLength),
        maxLength,
      });
    }
    case "object":
      return objectFor(schema, depth);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** A value in the place of `schema`: usually conforming, sometimes hostile. */
function leaf(schema: Schema, depth: number): fc.Arbitrary<unknown> {
  return fc.oneof({ arbitrary: conforming(schema, depth), weight: 12 }, { arbitrary: hostileValue, weight: 1 });
}

/** null most of the time, a value one time in ten. */
const rarely = <T>(value: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: fc.constant(null), weight: 9 }, { arbitrary: value, weight: 1 });

function objectFor(schema: Schema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const keys = Object.keys(properties);
  if (!keys.length) return fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 });
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const record = fc.record(Object.fromEntries(keys.map((k) => [k, leaf(properties[k], depth + 1)])), {
    requiredKeys: keys.filter((k) => required.has(k)),
  });
  // Now and then a required field goes missing or an unknown one appears.
  return fc
    .tuple(record, rarely(fc.constantFrom(...keys)), rarely(fc.string({ minLength: 1, maxLength: 8 })), hostileValue)
    .map(([value, drop, extra, extraValue]) => {
      const out: Record<string, unknown> = { ...value };
      if (drop) delete out[drop];
      if (extra && !(extra in properties)) out[extra] = extraValue;
      return out;
    });
}
