/**
 * Response schemas as fast-json-stringify reads them fastest. A nullable value in our contracts is
 * `anyOf: [schema, {type: "null"}]` (TypeBox's union, which the OpenAPI document and the validators
 * keep), and fast-json-stringify picks an `anyOf` branch by running Ajv on the value, the whole
 * object for a nullable user, ajv-formats' date-time check for a nullable date. The same value as
 * `type: [type, "null"]` is told apart by its JavaScript type: a 30-item discussion list serialised
 * in ≈ 140 µs instead of ≈ 225, with the same output.
 */
export function nullableAsTypes<T>(schema: T): T {
  return convert(schema, new WeakMap()) as T;
}

const isPlainNull = (value: unknown) =>
  typeof value === "object" &&
  value !== null &&
  (value as { type?: unknown }).type === "null" &&
  Object.keys(value).length === 1;

function convert(value: unknown, seen: WeakMap<object, unknown>): unknown {
  if (typeof value !== "object" || value === null) return value;
  const known = seen.get(value);
  if (known !== undefined) return known;
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    seen.set(value, out);
    for (const item of value) out.push(convert(item, seen));
    return out;
  }
  const out: Record<string, unknown> = {};
  seen.set(value, out);
  for (const [key, item] of Object.entries(value)) out[key] = convert(item, seen);
  const options = out["anyOf"];
  if (!Array.isArray(options)) return out;
  const chain = discriminated(out, options);
  if (chain) {
    seen.set(value, chain);
    return chain;
  }
  if (options.length !== 2) return out;
  const nullAt = options.findIndex(isPlainNull);
  const other = options[1 - nullAt] as Record<string, unknown> | undefined;
  if (
    nullAt === -1 ||
    !other ||
    typeof other["type"] !== "string" ||
    other["type"] === "null" ||
    ["anyOf", "oneOf", "allOf", "$ref", "$id", "const", "enum", "nullable"].some((keyword) => keyword in other)
  )
    return out;
  const { anyOf: _anyOf, ...siblings } = out;
  const merged = { ...other, ...siblings, type: [other["type"], "null"] };
  seen.set(value, merged);
  return merged;
}

const constOf = (option: unknown, key: string): unknown =>
  ((option as { properties?: Record<string, { const?: unknown }> }).properties?.[key] ?? {}).const;

/**
 * A union of objects told apart by one property's constant (the layout widgets' `$reactComponent`) is
 * written as a plain object, as it is. fast-json-stringify serialises a union, or an if/then/else chain on
 * the constant, by validating with Ajv, which compiles the whole response schema on the first answer: a
 * second and more on a layout's first page after a start. These objects are built by the server and checked
 * against the union by the tests (`layouts.test.ts`), so nothing is there to filter out.
 */
function discriminated(schema: Record<string, unknown>, options: unknown[]): Record<string, unknown> | null {
  if (options.length < 3) return null;
  const first = options[0] as { properties?: Record<string, unknown> };
  const key = Object.keys(first.properties ?? {}).find((name) =>
    options.every((option) => typeof constOf(option, name) === "string"),
  );
  if (key === undefined) return null;
  const { anyOf: _anyOf, ...siblings } = schema;
  return { ...siblings, type: "object", additionalProperties: true };
}
