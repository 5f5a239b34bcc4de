import { Type, type TSchema } from "typebox";

/** An RFC 3339 date-time string, e.g. `2025-09-11T13:30:07+00:00`. */
export const DateTime = Type.String({ format: "date-time" });

/** `T | null`. */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** The body of a POST that takes none: anything (or nothing) is accepted and ignored. */
export const NoBody = Type.Optional(Type.Unknown({ description: "No body." }));

/** A numeric id in a path segment. */
export const IdParams = Type.Object({
  id: Type.Integer({ description: "The record's numeric id." }),
});

/**
 * `expand` is an array of names (`expand[0]=a` or `expand=a,b`), or `true`/`all` for everything.
 * The values are kept as strings; services decide what each name means.
 */
export const Expand = Type.Array(Type.String(), {
  description: "Fields to expand: names, `all` or `true` for every one; `-name` drops a default one.",
});
