import type { Subcommunity } from "@parley/contracts";
import { toRfc3339 } from "../../platform/dates.ts";
import type { SubcommunityRow } from "./subcommunities.repo.ts";

/** A row as the API answers it: its home's full address at the site's origin; whether its root category exists. */
export const presentSubcommunity = (row: SubcommunityRow, origin: string, categoryExists: boolean): Subcommunity => ({
  subcommunityID: row.subcommunityID,
  siteSectionID: String(row.subcommunityID),
  name: row.name,
  folder: row.folder,
  basePath: `/${row.folder}`,
  url: `${origin}/${row.folder}`,
  categoryID: row.categoryID,
  categoryExists,
  locale: row.locale,
  themeID: row.themeID,
  sort: row.sort,
  dateInserted: toRfc3339(row.dateInserted),
  insertUserID: row.insertUserID,
  dateUpdated: row.dateUpdated === null ? null : toRfc3339(row.dateUpdated),
  updateUserID: row.updateUserID,
});
