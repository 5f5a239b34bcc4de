import { can } from "../../platform/auth/authorize.ts";
import { permissionRule, rule } from "../../platform/auth/access.ts";

/** What a theme's asset is to the reader: which one, and whether the site's pages show it. */
export interface ThemeAssetAccess {
  name: "variables" | "header" | "footer" | "styles" | "javascript" | "scripts";
  /** The site's current theme, its active revision: what every page wears. */
  shownToReaders: boolean;
  /** The site setting `themes.allowCustomScripts`: pages include the theme's JavaScript and scripts. */
  scriptsInPages: boolean;
}

/** The assets every page of the current theme carries, so anyone may read them. */
const pageAssets = new Set<ThemeAssetAccess["name"]>(["header", "footer", "styles"]);

/** Who may do what with themes: site managers list, edit, apply and preview them. */
export const themesPolicy = {
  canManage: permissionRule("site.manage"),
  /**
   * A theme's asset: site managers read every one. Anyone reads the variables (as Vanilla), and what the pages
   * carry: the current theme's header, footer and styles, and its JavaScript and scripts while pages include them.
   */
  canReadAsset: rule(
    "site.manage",
    (viewer, asset: ThemeAssetAccess) =>
      asset.name === "variables" ||
      (asset.shownToReaders && (pageAssets.has(asset.name) || asset.scriptsInPages)) ||
      can(viewer, "site.manage"),
  ),
};
