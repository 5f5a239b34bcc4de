import { fieldError, validationFailed, type HttpError } from "../errors.ts";

type Comparison = ">" | ">=" | "<" | "<=" | "=";
export interface DateCondition {
  op: Comparison;
  value: string;
}

/** An id filter's range form once parsed: the bounds, both inclusive (an integer's `>5` is `>=6`). */
interface IdRange {
  min?: number;
  max?: number;
}
/** An id filter (reference §1.5): a list of ids (`5`, `1,2,3`) or a range (`1..3`, `[1,3]`, `>=5`). */
export type IdFilter = number[] | IdRange;

/** One condition of an id filter on its column: `in` a list, or a bound. */
export type IdCondition = { op: "in"; value: number[] } | { op: ">=" | "<="; value: number };

/**
 * The two sides of a range written `a..b`, `[a,b]`, `(a,b]`…: each side's text (empty when open) and whether
 * it is inclusive. `..` is inclusive at both ends (Vanilla's `1..3` is 1, 2 and 3); brackets are inclusive,
 * parentheses exclusive. Null when the text is not written as a range.
 */
function rangeSides(text: string): { from: string; fromInclusive: boolean; to: string; toInclusive: boolean } | null {
  const interval = /^([[(])([^,]*),([^,]*)([\])])$/.exec(text);
  if (interval) {
    const [, open, from = "", to = "", close] = interval;
    return { from: from.trim(), fromInclusive: open === "[", to: to.trim(), toInclusive: close === "]" };
  }
  const dots = text.indexOf("..");
  if (dots === -1 || text.indexOf("..", dots + 2) !== -1) return null;
  return { from: text.slice(0, dots).trim(), fromInclusive: true, to: text.slice(dots + 2).trim(), toInclusive: true };
}

const OPERATOR = /^(>=|<=|>|<|=)\s*(.*)$/;

const toIso = (field: string, text: string, endOfDay = false): string => {
  const trimmed = text.trim();
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(trimmed);
  const time = Date.parse(dateOnly ? `${trimmed}T00:00:00Z` : trimmed);
  if (!trimmed || Number.isNaN(time))
    throw validationFailed([fieldError(field, "invalid", `${field} is not a valid date filter.`)]);
  return new Date(dateOnly && endOfDay ? time + 86_399_999 : time).toISOString();
};

/**
 * Vanilla's date filters (reference §1.5): `2024-01-01` (that day), `[d1,d2]` / `(d1,d2)` (a range, brackets
 * inclusive, parentheses exclusive), `d1..d2` (inclusive; either side may be left open: `d1..`), or `>d`, `>=d`,
 * `<d`, `<=d`. A day alone as an upper bound means its end.
 */
export function parseDateFilter(field: string, input: string): DateCondition[] {
  const text = input.trim();
  const range = rangeSides(text);
  if (range) {
    const out: DateCondition[] = [];
    if (range.from) out.push({ op: range.fromInclusive ? ">=" : ">", value: toIso(field, range.from) });
    if (range.to) out.push({ op: range.toInclusive ? "<=" : "<", value: toIso(field, range.to, true) });
    if (out.length === 0)
      throw validationFailed([fieldError(field, "invalid", `${field} is not a valid date filter.`)]);
    return out;
  }
  const operator = OPERATOR.exec(text);
  if (operator && operator[1] !== "=") {
    const op = operator[1] as Comparison;
    return [{ op, value: toIso(field, operator[2] ?? "", op === "<=" || op === ">") }];
  }
  const value = operator ? (operator[2] ?? "") : text;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value.trim())) {
    return [
      { op: ">=", value: toIso(field, value) },
      { op: "<=", value: toIso(field, value, true) },
    ];
  }
  return [{ op: "=", value: toIso(field, value) }];
}

/** The error of a malformed id filter: 400, naming the field and the forms it takes. */
const invalidRange = (field: string): HttpError =>
  validationFailed([
    fieldError(
      field,
      "invalid",
      `${field} is not a valid range expression: use an id, a list (1,2,3), a range (1..3, [1,3], (1,3]) or a comparison (>=5).`,
    ),
  ]);

/** A whole number written in decimal digits, within the database's integer range; else the field's 400. */
function idOf(field: string, text: string): number {
  const trimmed = text.trim();
  if (!/^-?\d{1,10}$/.test(trimmed)) throw invalidRange(field);
  const value = Number(trimmed);
  if (value > 2_147_483_647 || value < -2_147_483_648) throw invalidRange(field);
  return value;
}

/**
 * Vanilla's range expression for an id filter (reference §1.5, format `range-expression`): an id `5`, a list
 * `1,2,3` (or the query's bracket array), a range `1..3` (either side may be open: `5..`), an interval `[1,3]`,
 * `(1,3]` (parentheses exclusive), or a comparison `>5`, `>=5`, `<9`, `<=9`, `=5`. A list answers the ids
 * themselves; every other form the inclusive bounds. Anything else is a 400 naming the field.
 */
export function parseIdFilter(field: string, input: unknown): IdFilter {
  if (Array.isArray(input)) {
    if (input.some((item) => typeof item !== "string" && typeof item !== "number")) throw invalidRange(field);
    return input.map((item) => idOf(field, String(item)));
  }
  if (typeof input === "number") return [idOf(field, String(input))];
  if (typeof input !== "string") throw invalidRange(field);
  const text = input.trim();
  const range = rangeSides(text);
  if (range) {
    if (!range.from && !range.to) throw invalidRange(field);
    const out: IdRange = {};
    if (range.from) out.min = idOf(field, range.from) + (range.fromInclusive ? 0 : 1);
    if (range.to) out.max = idOf(field, range.to) - (range.toInclusive ? 0 : 1);
    return out;
  }
  const operator = OPERATOR.exec(text);
  if (operator) {
    const value = idOf(field, operator[2] ?? "");
    switch (operator[1]) {
      case ">":
        return { min: value + 1 };
      case ">=":
        return { min: value };
      case "<":
        return { max: value - 1 };
      case "<=":
        return { max: value };
      default:
        return [value];
    }
  }
  if (text === "") return [];
  return text.split(",").map((item) => idOf(field, item));
}

/** An id filter as conditions on its column (none for an empty list: no filter, as before ranges existed). */
export function idConditions(filter: IdFilter | undefined): IdCondition[] {
  if (!filter) return [];
  if (Array.isArray(filter)) return filter.length ? [{ op: "in", value: filter }] : [];
  const out: IdCondition[] = [];
  if (filter.min !== undefined) out.push({ op: ">=", value: filter.min });
  if (filter.max !== undefined) out.push({ op: "<=", value: filter.max });
  return out;
}
