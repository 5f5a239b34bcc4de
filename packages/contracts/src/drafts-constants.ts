/**
 * Drafts (spec §3, reference §10) without TypeBox, for the web app: statuses, record types and the
 * API's messages.
 */

/** Stored as 0, 1, 2; exposed as these strings (inputs accept either). */
export const draftStatuses = ["draft", "scheduled", "error"] as const;
export type DraftStatus = (typeof draftStatuses)[number];

/** discussion and comment are built; article and event are reserved (the knowledge base and events). */
export const draftRecordTypes = ["discussion", "comment", "article", "event"] as const;
export type DraftRecordType = (typeof draftRecordTypes)[number];

export const draftParentRecordTypes = ["category", "group", "discussion", "comment"] as const;
export type DraftParentRecordType = (typeof draftParentRecordTypes)[number];

/** Pin locations of a discussion draft's `draftMeta.pinLocation`. */
export type DraftPinLocation = "none" | "category" | "recent";

/** Old-style discussion drafts' `announce`: 0 → none, 1 → category, otherwise recent (spec §3). */
export function pinLocationOfAnnounce(announce: unknown): DraftPinLocation {
  const value = typeof announce === "boolean" ? Number(announce) : Number(announce ?? 0);
  if (!value) return "none";
  return value === 1 ? "category" : "recent";
}

/** Reference §10's messages, word for word. */
export const draftMessages = {
  notScheduled: "You cannot update the schedule as it is not currently in the scheduled state.",
  schedulingDisabled: "Draft scheduling is not enabled.",
  alreadyDraft: "The record currently is a draft no changes are needed.",
  /** Scheduling an update of a record that already has one waiting (the scheduler's own). */
  alreadyScheduledOwn:
    "An update is already scheduled for this item. Please wait for the scheduled update to be published, or cancel it before scheduling a new one.",
} as const;

/** Scheduling an update of a record someone else already scheduled one for (their name filled in). */
export const alreadyScheduledBy = (name: string) =>
  `An update is already scheduled for this item by ${name}. You can’t schedule another update while one is pending.`;

/** Why a scheduled draft failed to publish (`failedReason`). */
export const draftFailureReasons = {
  permission: "You no longer have permission to post there.",
  categoryGone: "The category no longer exists.",
  discussionGone: "The discussion no longer exists.",
  invalid: "The draft is not complete enough to publish.",
} as const;
