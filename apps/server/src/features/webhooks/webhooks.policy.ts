import { permissionRule } from "../../platform/auth/access.ts";

/**
 * Who may do what with webhooks: everything is the site managers' (Vanilla's `Garden.Settings.Manage`). The
 * events they send are the site's, not a viewer's: a post in a private category is delivered too.
 */
export const webhooksPolicy = {
  canManage: permissionRule("site.manage"),
};
