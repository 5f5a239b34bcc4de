import type { Me } from "@parley/contracts";

/** Who keeps the webhooks (site.manage; the server checks again). */
export const canManageWebhooks = (me: Pick<Me, "userID" | "isAdmin" | "permissions">) =>
  me.userID !== 0 && (me.isAdmin || me.permissions.includes("site.manage"));
