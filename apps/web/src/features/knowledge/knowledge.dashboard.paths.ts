import type { Me } from "@parley/contracts";

/*
 * The dashboard's knowledge-base page and who may open it: what the dashboard's navigation takes through index.ts.
 * The router imports index.ts at once, so this module lands in the app's main chunk: keep it to these two.
 */

export const knowledgeDashboardPath = "/dashboard/knowledge";

/** Who creates, changes and deletes knowledge bases: site managers (the API's rule; it checks again). */
export const canManageKnowledgeBases = (me: Pick<Me, "userID" | "isAdmin" | "permissions">) =>
  me.userID !== 0 && (me.isAdmin || me.permissions.includes("site.manage"));
