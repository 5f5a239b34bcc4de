import { permissionRule } from "../../platform/auth/access.ts";

/** Who may see and change the ban rules, and see the addresses members used. */
export const bansPolicy = {
  /** The rules: listing, adding, changing, deleting (site managers and community managers). */
  canManage: permissionRule(["site.manage", "community.manage"]),
  /** A member's IP addresses and the other accounts seen at them (personal information). */
  canSeeAddresses: permissionRule("personalInfo.view"),
};
