/**
 * The reports addresses other features link to, apart from the queue's own search handling
 * (`reports.urls.ts`): reading pages carry only these few lines.
 */

/** The queue's path (spec §2). */
export const reportsPath = "/dashboard/content/reports";

/** The page that manages the reasons members pick when they report a post. */
export const reportReasonsPath = "/dashboard/settings/report-reasons";

/** Who manages the reasons (community.manage; the server checks again). */
export const canManageReasons = (me: { userID: number; isAdmin: boolean; permissions: string[] }) =>
  me.userID !== 0 && (me.isAdmin || me.permissions.includes("community.manage"));

/** A post's reports, every status (spec §2: `?statuses=none&recordType=…&recordID=…`). */
export const reportsLink = (recordType: "discussion" | "comment", recordID: number) =>
  `${reportsPath}?statuses=none&recordType=${recordType}&recordID=${recordID}`;

/** The premoderation queue (moderators). */
export { premoderationPagePath } from "@parley/contracts/premoderation-constants";

/** Where a member finds their posts awaiting approval (and the confirmation after a held discussion). */
export const awaitingApprovalPath = "/drafts?awaiting=approval";

/** The anchor of one held post where its author sees it. */
export const pendingPostAnchor = (reportID: number) => `pending-${reportID}`;

/** Who works the premoderation queue (community.moderate or posts.moderate; the server checks each place). */
export const canModeratePending = (me: { userID: number; isAdmin: boolean; permissions: string[] }) =>
  me.userID !== 0 &&
  (me.isAdmin || me.permissions.includes("community.moderate") || me.permissions.includes("posts.moderate"));
