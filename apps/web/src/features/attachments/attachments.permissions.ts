import type { Me } from "@parley/contracts";

type Viewer = Pick<Me, "userID" | "isAdmin" | "permissions">;
const holds = (me: Viewer, name: string) => me.userID !== 0 && (me.isAdmin || me.permissions.includes(name));

/** Who sees a post's attachments: staff and moderators (the server checks again, and the post). */
export const seesAttachments = (me: Viewer | undefined) =>
  Boolean(me && (holds(me, "staff.allow") || holds(me, "community.moderate")));

/** Who keeps the integrations' settings (site.manage). */
export const canConfigureIntegrations = (me: Viewer) => holds(me, "site.manage");
