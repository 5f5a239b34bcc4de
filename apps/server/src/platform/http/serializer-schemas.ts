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
  if (!Array.isArray(options) || options.length !== 2) return out;
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
