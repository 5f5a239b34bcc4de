import { permissionRule } from "../../platform/auth/access.ts";

/** Who may do what with collections: community managers make and fill them; everyone reads them. */
export const collectionsPolicy = {
  canManage: permissionRule("community.manage"),
};
