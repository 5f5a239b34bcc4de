import { permissionRule } from "../../platform/auth/access.ts";

/** Who may use the dashboard's own operations. */
export const dashboardPolicy = {
  /** Recount the counters kept in rows (`PUT /dba/recalculate-aggregates`): administrators. */
  canRecalculate: permissionRule("site.manage"),
};
