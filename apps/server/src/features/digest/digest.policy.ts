import { permissionRule, rule } from "../../platform/auth/access.ts";
import type { Viewer } from "../../platform/auth/viewer.ts";
import { discussionsPolicy } from "../discussions/index.ts";

/**
 * Who may do what with the digest. Its schedule, test sends, immediate sends and previews are the site
 * managers' (Vanilla's `Garden.Settings.Manage`); a digest lists only discussions its member may view now, by
 * the same per-category `discussions.view` check the discussion list makes.
 */
export const digestPolicy = {
  canManage: permissionRule("site.manage"),
  canRead: rule("discussions.view", (member: Viewer, discussion: { categoryID: number }) =>
    discussionsPolicy.canView(member, discussion),
  ),
};
