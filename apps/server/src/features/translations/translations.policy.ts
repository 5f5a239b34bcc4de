import { permissionRule } from "../../platform/auth/access.ts";

/** Who may do what with locales and translations: moderators read translations, site managers change them. */
export const translationsPolicy = {
  canReadTranslations: permissionRule("community.moderate"),
  canManage: permissionRule("site.manage"),
};
