import { can } from "../../platform/auth/authorize.ts";
import type { Viewer } from "../../platform/auth/viewer.ts";

/** Which record types a search may answer the viewer with (posts are filtered per category by the driver). */
export const searchPolicy = {
  canFindUsers: (viewer: Viewer) => can(viewer, "profiles.view"),
  canFindArticles: (viewer: Viewer) => can(viewer, "kb.view"),
};
