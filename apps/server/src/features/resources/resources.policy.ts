import { permissionRule } from "../../platform/auth/access.ts";

/** Who may read the resources and their dirty records, and clear them: those who manage the site. */
export const resourcesPolicy = {
  /** The record types, their crawl information and dirty records (Vanilla's Garden.Settings.Manage). */
  canRead: permissionRule("site.manage"),
  /** Clearing a type's dirty records, once an outside index has synced them. */
  canClear: permissionRule("site.manage"),
};
