import { permissionRule } from "../../platform/auth/access.ts";

/** Who may do what with themes: site managers list, edit, apply and preview them. */
export const themesPolicy = {
  canManage: permissionRule("site.manage"),
};
