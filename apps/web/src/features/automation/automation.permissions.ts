import type { Me } from "@parley/contracts";

/** Who keeps the automation rules (site.manage; the server checks again). */
export const canManageAutomationRules = (me: Pick<Me, "userID" | "isAdmin" | "permissions">) =>
  me.userID !== 0 && (me.isAdmin || me.permissions.includes("site.manage"));
