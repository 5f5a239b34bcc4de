import { fieldError, validationFailed } from "../errors.ts";

type Comparison = ">" | ">=" | "<" | "<=" | "=";
export interface DateCondition {
  op: Comparison;
  value: string;
}

const toIso = (field: string, text: string, endOfDay = false): string => {
  const trimmed = text.trim();
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(trimmed);
  const time = Date.parse(dateOnly ? `${trimmed}T00:00:00Z` : trimmed);
  if (Number.isNaN(time))
    throw validationFailed([fieldError(field, "invalid", `${field} is not a valid date filter.`)]);
  return new Date(dateOnly && endOfDay ? time + 86_399_999 : time).toISOString();
};

/**
 * Vanilla's date filters (reference §1.5): `2024-01-01` (that day), `[d1,d2]` / `(d1,d2)` (a range,
 * brackets inclusive, parentheses exclusive), or `>d`, `>=d`, `<d`, `<=d`.
 */
export function parseDateFilter(field: string, input: string): DateCondition[] {
  const text = input.trim();
  const range = /^([[(])\s*([^,]*)\s*,\s*([^\])]*)\s*([\])])$/.exec(text);
  if (range) {
    const [, open, from = "", to = "", close] = range;
    const out: DateCondition[] = [];
    if (from) out.push({ op: open === "[" ? ">=" : ">", value: toIso(field, from) });
    if (to) out.push({ op: close === "]" ? "<=" : "<", value: toIso(field, to, true) });
    return out;
  }
  const operator = /^(>=|<=|>|<)\s*(.+)$/.exec(text);
  if (operator) {
    const op = operator[1] as Comparison;
    return [{ op, value: toIso(field, operator[2] ?? "", op === "<=" || op === ">") }];
  }
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) {
    return [
      { op: ">=", value: toIso(field, text) },
      { op: "<=", value: toIso(field, text, true) },
    ];
  }
  return [{ op: "=", value: toIso(field, text) }];
}
