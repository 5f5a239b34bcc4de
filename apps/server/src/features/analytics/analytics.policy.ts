import { permissionRule } from "../../platform/auth/access.ts";

/**
 * Who may do what with analytics: site managers read the site's figures (Vanilla's analytics dashboard is an
 * administrator's); every member chooses for themselves whether their visits are counted.
 */
export const analyticsPolicy = {
  canView: permissionRule("site.manage"),
};
