import { t } from "../../lib/i18n.ts";

/*
 * A compact reading of the catalogue's JSON schemas (TypeBox's output: objects, strings, integers, numbers,
 * booleans, enums, consts, arrays, `anyOf` with null) into form fields, their first values and their checks.
 */

export type JsonSchema = Record<string, unknown>;

export type FieldKind =
  | { kind: "enum"; options: readonly (string | number)[] }
  | { kind: "string"; long: boolean }
  | { kind: "number"; integer: boolean }
  | { kind: "boolean" }
  | { kind: "object" }
  | { kind: "array"; items: JsonSchema }
  | { kind: "const"; value: unknown }
  | { kind: "unsupported" };

const asSchema = (value: unknown): JsonSchema =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as JsonSchema) : {};

/** The schema without a `null` alternative (`anyOf: [X, {type: "null"}]` is an optional X). */
export function withoutNull(schema: JsonSchema): JsonSchema {
  const anyOf = schema["anyOf"];
  if (!Array.isArray(anyOf)) return schema;
  const rest = anyOf.map(asSchema).filter((option) => option["type"] !== "null");
  if (rest.length === 1) return { ...rest[0], ...(schema["title"] ? { title: schema["title"] } : {}) };
  // An enum written as alternatives of constants.
  if (rest.every((option) => "const" in option)) return { enum: rest.map((option) => option["const"]) };
  return schema;
}

/** Names whose text is long (HTML, descriptions): a textarea. */
const longNames = /description|body|html|text|content/i;

export function fieldKind(given: JsonSchema, name: string): FieldKind {
  const schema = withoutNull(given);
  if ("const" in schema) return { kind: "const", value: schema["const"] };
  if (Array.isArray(schema["enum"])) return { kind: "enum", options: schema["enum"] as (string | number)[] };
  switch (schema["type"]) {
    case "string": {
      const maxLength = typeof schema["maxLength"] === "number" ? schema["maxLength"] : Infinity;
      return {
        kind: "string",
        long: maxLength > 200 && (longNames.test(name) || schema["contentMediaType"] === "text/html"),
      };
    }
    case "integer":
      return { kind: "number", integer: true };
    case "number":
      return { kind: "number", integer: false };
    case "boolean":
      return { kind: "boolean" };
    case "object":
      return { kind: "object" };
    case "array":
      return { kind: "array", items: asSchema(schema["items"]) };
    default:
      return { kind: "unsupported" };
  }
}

export const propertiesOf = (schema: JsonSchema): [string, JsonSchema][] =>
  Object.entries(asSchema(withoutNull(schema)["properties"])).map(([name, value]) => [name, asSchema(value)]);

export const requiredOf = (schema: JsonSchema): readonly string[] => {
  const required = withoutNull(schema)["required"];
  return Array.isArray(required) ? (required as string[]) : [];
};

/** A first value for a schema: its default, or the least a required field needs (optional fields are left out). */
export function initialValue(given: JsonSchema): unknown {
  const schema = withoutNull(given);
  if ("default" in schema) return schema["default"];
  const kind = fieldKind(schema, "");
  switch (kind.kind) {
    case "const":
      return kind.value;
    case "enum":
      return kind.options[0];
    case "string":
      return "";
    case "number":
      return typeof schema["minimum"] === "number" ? schema["minimum"] : 0;
    case "boolean":
      return false;
    case "array":
      return [];
    case "object": {
      const required = requiredOf(schema);
      return Object.fromEntries(
        propertiesOf(schema)
          .filter(([name]) => required.includes(name))
          .map(([name, property]) => [name, initialValue(property)]),
      );
    }
    default:
      return null;
  }
}

/** A field's label from its property name (`pageTitle` → "Page title"), or the schema's title. */
export function labelOf(name: string, schema: JsonSchema): string {
  if (typeof schema["title"] === "string") return schema["title"];
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .split(/[\s_-]+/)
    // Abbreviations (ID, URL) stay as they are.
    .map((word, index) => (/^[A-Z]{2,}$/.test(word) ? word : index ? word.toLowerCase() : word));
  const sentence = words.join(" ");
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

/**
 * The form's own checks, before the server's: required values, numbers and their bounds, lengths. Errors are keyed
 * by the value's path under `base` (as the server's 422 names them: `base.apiParams.limit`, `base.rows[1].name`).
 */
export function validate(schema: JsonSchema, value: unknown, base: string): Record<string, string> {
  const errors: Record<string, string> = {};
  const visit = (given: JsonSchema, current: unknown, path: string, required: boolean) => {
    const node = withoutNull(given);
    const kind = fieldKind(node, path);
    const empty = current === undefined || current === null || current === "";
    if (empty) {
      if (required && kind.kind !== "boolean" && kind.kind !== "const") errors[path] = t("This field is required.");
      return;
    }
    if (kind.kind === "number") {
      const number = typeof current === "number" ? current : Number.NaN;
      if (!Number.isFinite(number) || (kind.integer && !Number.isInteger(number))) {
        errors[path] = kind.integer ? t("Enter a whole number.") : t("Enter a number.");
      } else if (typeof node["minimum"] === "number" && number < node["minimum"]) {
        errors[path] = t("The least is {n}.", { n: node["minimum"] });
      } else if (typeof node["maximum"] === "number" && number > node["maximum"]) {
        errors[path] = t("The most is {n}.", { n: node["maximum"] });
      }
    } else if (kind.kind === "string" && typeof current === "string") {
      if (typeof node["minLength"] === "number" && current.length < node["minLength"] && required)
        errors[path] = t("This field is required.");
      else if (typeof node["maxLength"] === "number" && current.length > node["maxLength"])
        errors[path] = t("At most {n} characters.", { n: node["maxLength"] });
    } else if (kind.kind === "object" && typeof current === "object") {
      const inner = requiredOf(node);
      for (const [name, property] of propertiesOf(node))
        visit(property, (current as Record<string, unknown>)[name], `${path}.${name}`, inner.includes(name));
    } else if (kind.kind === "array" && Array.isArray(current)) {
      current.forEach((item, index) => visit(kind.items, item, `${path}[${index}]`, true));
    }
  };
  const required = requiredOf(schema);
  for (const [name, property] of propertiesOf(schema))
    visit(property, (value as Record<string, unknown> | undefined)?.[name], `${base}.${name}`, required.includes(name));
  return errors;
}
