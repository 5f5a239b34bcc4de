import { Type, type Static } from "typebox";

/** The most aggregate names one `PUT /dba/recalculate-aggregates` takes. */
export const aggregatesMaxItems = 50;

/**
 * `PUT /dba/recalculate-aggregates` (dashboard-dba.yml): Vanilla's aggregate names (`discussion.*`,
 * `category.CountComments`…); Parley recounts each one's whole group. `batchSize` is accepted for Vanilla's
 * clients; Parley picks its own batches.
 */
export const AggregatesRecalculation = Type.Object({
  aggregates: Type.Array(Type.String({ minLength: 1, maxLength: 60 }), { minItems: 1, maxItems: aggregatesMaxItems }),
  batchSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
});
export type AggregatesRecalculation = Static<typeof AggregatesRecalculation>;

/** What was recounted: the groups, in the order they ran (`user-mentions`: the index of who is mentioned where). */
export const AggregatesRecalculated = Type.Object({
  recalculated: Type.Array(Type.Enum(["discussion", "conversation", "category", "user-mentions"])),
});
export type AggregatesRecalculated = Static<typeof AggregatesRecalculated>;
