import { permissionRule } from "../../platform/auth/access.ts";

/**
 * Who may do what with automation rules: everything is the site managers' (Vanilla's `Garden.Settings.Manage`).
 * A rule acts as the system account, on every category, private ones included.
 */
export const automationPolicy = {
  canManage: permissionRule("site.manage"),
};
