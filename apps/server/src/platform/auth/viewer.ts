import type { UserPermissions } from "@parley/contracts";
import type { UserRow } from "./auth.repo.ts";

/** A group the viewer belongs to, and their role there (member | leader). */
export interface GroupMembership {
  groupID: number;
  role: string;
}

/** Who is making a request: a guest (userID 0) or a signed-in user, with their permissions. */
export interface Viewer {
  userID: number;
  user: UserRow | null;
  roleIDs: number[];
  /** The groups the viewer is a member of (read with their roles, in the same query); none for a guest. */
  memberships: readonly GroupMembership[];
  permissions: UserPermissions;
  /**
   * How the request was authenticated. `role-token`: a guest holding the roles of a role token (`?role-token=`),
   * on the GET routes that allow one (`config.roleToken`).
   */
  via: "guest" | "cookie" | "bearer" | "role-token";
  /**
   * Cookie sessions only. `embedded`: the session came in the partitioned cookie of a host page's frame
   * (`EMBED_SESSION_COOKIE`), which CSRF checks more strictly.
   */
  session: { sessionID: string; transientKey: string; embedded?: true } | null;
}

export const isSignedIn = (viewer: Viewer): viewer is Viewer & { user: UserRow } => viewer.user !== null;
