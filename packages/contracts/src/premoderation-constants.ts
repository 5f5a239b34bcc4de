/**
 * The premoderation queue (issue 30): posts held for a moderator's approval before anyone else sees them.
 * Free of TypeBox, so the browser bundle can import it.
 */

/**
 * Why a post was held (Vanilla's `premoderationType`, with Parley's own for new members, links and the offline
 * spam check). Each rule is described once, in `premoderationReasonLabels`.
 */
export const premoderationTypes = [
  "premoderatedRole",
  "premoderatedNewMember",
  "premoderatedLinks",
  "premoderatedKeyword",
  "premoderatedSpam",
] as const;
export type PremoderationType = (typeof premoderationTypes)[number];

/** The queue's two tabs: posts held for approval, posts the spam check judged spam. */
export const premoderationQueues = ["approval", "spam"] as const;
export type PremoderationQueue = (typeof premoderationQueues)[number];

export const premoderationMessages = {
  /** The 202 answer's `message` and `description`. */
  held: "Your post will appear after it is approved.",
  heldDescription: "A moderator reviews posts like this one before they are shown to others.",
  notPending: "This report is not about a post awaiting approval.",
  notDismissable: "A post awaiting approval is approved or rejected, not dismissed.",
  placeGone: "The discussion or category this post was written for is gone; reject it instead.",
  authorGone: "The author of this post can no longer post; reject it instead.",
} as const;

/** `/dashboard/content/premoderation`: moderators approve or reject held posts. */
export const premoderationPagePath = "/dashboard/content/premoderation";

/** The site settings of the rules (0: the rule is off). */
export const premoderationSettingKeys = {
  newMemberPosts: "premoderation.newMemberPosts",
  maxLinks: "premoderation.maxLinks",
} as const;
