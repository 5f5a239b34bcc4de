import { Type, type TSchema } from "typebox";

/** An RFC 3339 date-time string, e.g. `2025-09-11T13:30:07+00:00`. */
export const DateTime = Type.String({ format: "date-time" });

/** `T | null`. */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** The body of a POST that takes none: anything (or nothing) is accepted and ignored. */
export const NoBody = Type.Optional(Type.Unknown({ description: "No body." }));

/** A numeric id in a path segment. */
/**
 * A record id as digits in a string path parameter that also takes smart ids (`$name:…`): 0 to 2^31−1,
 * the range of the database's integer columns, so a longer number is a 400 rather than an error from
 * PostgreSQL. For use inside a pattern.
 */
export const ID_DIGITS =
  "0*(?:[1-9]\\d{0,8}|1\\d{9}|20\\d{8}|21[0-3]\\d{7}|214[0-6]\\d{6}|2147[0-3]\\d{5}|21474[0-7]\\d{4}|214748[0-2]\\d{3}|2147483[0-5]\\d{2}|21474836[0-3]\\d|214748364[0-7]|0)";

export const IdParams = Type.Object({
  id: Type.Integer({ description: "The record's numeric id." }),
});

/** The schema keyword that marks a query parameter as Vanilla's range expression (the server parses its text). */
export const RANGE_EXPRESSION_KEYWORD = "x-range-expression";

/**
 * An id filter of a list (Vanilla's `RangeExpression`, reference §1.5): on the wire an id `5`, a list `1,2,3` (or
 * `id[0]=1&id[1]=2`), a range `1..3`, an interval `[1,3]` / `(1,3]`, or a comparison `>=5`; the server reads the text
 * into a list of ids or inclusive bounds (`{min, max}`), which internal callers may also pass.
 */
export const IdFilter = (description: string) =>
  Type.Union(
    [
      Type.Array(Type.Integer()),
      Type.Object({ min: Type.Optional(Type.Integer()), max: Type.Optional(Type.Integer()) }),
    ],
    {
      [RANGE_EXPRESSION_KEYWORD]: true,
      description: `${description} An id, a list (\`1,2,3\`), a range (\`1..3\`, \`[1,3]\`, \`(1,3]\`) or a comparison (\`>=5\`).`,
    },
  );

/**
 * `expand` is an array of names (`expand[0]=a` or `expand=a,b`), or `true`/`all` for everything.
 * The values are kept as strings; services decide what each name means.
 */
export const Expand = Type.Array(Type.String(), {
  description: "Fields to expand: names, `all` or `true` for every one; `-name` drops a default one.",
});

/** An image's address: empty, on this site (`/…`), or https (what the pages' Content-Security-Policy loads). */
export const ImageAddress = Type.String({
  maxLength: 500,
  pattern: "^(|/(?!/)\\S*|https://\\S+)$",
  description: "Empty, a path on this site, or an https address.",
});
