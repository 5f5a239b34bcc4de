import { Type, type Static } from "typebox";
import { siteTotalNames } from "./site-totals-constants.ts";

/**
 * `GET /site-totals` (dashboard-site-totals.yml): `counts` names the totals wanted (`counts=user,discussion`
 * or `counts[]=…`; `all` for every one). `siteSectionID` (a subcommunity's id, or `$subcommunityID:{id|folder}`)
 * counts its posts and categories only (`isFiltered`); "0" or empty, the whole site.
 */
export const SiteTotalsQuery = Type.Object({
  counts: Type.Optional(
    Type.Array(Type.String(), {
      description: `The totals wanted: ${siteTotalNames.join(", ")}, or \`all\`.`,
    }),
  ),
  siteSectionID: Type.Optional(Type.String({ maxLength: 100 })),
});
export type SiteTotalsQuery = Static<typeof SiteTotalsQuery>;

/**
 * One total. `count`, `isCalculating` and `isFiltered` are Vanilla's; Parley adds the new records of the
 * last 7 and 30 days (`last7Days`, `last30Days`) for members and posts, which the dashboard's overview shows.
 */
export const SiteTotal = Type.Object({
  count: Type.Integer(),
  isCalculating: Type.Boolean(),
  isFiltered: Type.Boolean(),
  last7Days: Type.Optional(Type.Integer()),
  last30Days: Type.Optional(Type.Integer()),
});
export type SiteTotal = Static<typeof SiteTotal>;

export const SiteTotals = Type.Object({
  siteSectionID: Type.Optional(Type.Integer()),
  counts: Type.Record(Type.String(), SiteTotal),
});
export type SiteTotals = Static<typeof SiteTotals>;
