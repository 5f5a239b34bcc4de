import { permissionRule } from "../../platform/auth/access.ts";

/** Who may do what with subcommunities: site managers add, change and remove them; everyone sees the list. */
export const subcommunitiesPolicy = {
  canManage: permissionRule("site.manage"),
};
