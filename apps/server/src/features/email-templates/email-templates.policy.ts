import { permissionRule } from "../../platform/auth/access.ts";

/** Who may write the site's e-mail: those who manage the site, as the mail settings. */
export const emailTemplatesPolicy = {
  /** Reading, writing, previewing and deleting templates (Vanilla's Garden.Settings.Manage). */
  canManage: permissionRule("site.manage"),
};
