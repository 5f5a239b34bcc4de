import type { Me } from "@parley/contracts";

type Viewer = Pick<Me, "userID" | "isAdmin" | "permissions">;

/** Who reads the site's analytics (site.manage; the server checks again). */
export const canViewAnalytics = (me: Viewer) =>
  me.userID !== 0 && (me.isAdmin || me.permissions.includes("site.manage"));
