import type { CustomPage } from "@parley/contracts";
import { toRfc3339 } from "../../platform/dates.ts";
import type { CustomPageRow } from "./custom-pages.repo.ts";

export const rolesOf = (row: CustomPageRow): number[] => JSON.parse(row.roleIDs) as number[];

/** A row as the API answers it: its full address at the site's origin. */
export const presentCustomPage = (row: CustomPageRow, origin: string): CustomPage => ({
  customPageID: row.customPageID,
  seoTitle: row.seoTitle,
  seoDescription: row.seoDescription,
  urlcode: row.urlcode,
  url: `${origin}${row.urlcode}`,
  status: row.status === "published" ? "published" : "unpublished",
  siteSectionID: row.siteSectionID,
  roleIDs: rolesOf(row),
  rankIDs: [],
  showInNavigation: row.showInNavigation === 1,
  layoutID: row.layoutID,
  dateInserted: toRfc3339(row.dateInserted),
  insertUserID: row.insertUserID,
  dateUpdated: row.dateUpdated === null ? null : toRfc3339(row.dateUpdated),
  updateUserID: row.updateUserID,
});
