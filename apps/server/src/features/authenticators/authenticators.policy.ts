import { permissionRule } from "../../platform/auth/access.ts";

/** Who may do what with authenticators. */
export const authenticatorsPolicy = {
  /** List, read, add, change and remove authenticators (their settings name a client and its secret): site managers. */
  canManage: permissionRule("site.manage"),
};
