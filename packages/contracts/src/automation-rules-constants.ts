import { msg } from "./i18n.ts";

/*
 * Automation rules (issue 39, item 5) without TypeBox, for the dashboard: the triggers and actions a rule may
 * combine, their labels, and the limits both sides check.
 */

/** The triggers a rule may start from (Vanilla's names). */
export const automationTriggerTypes = [
  "staleDiscussionTrigger",
  "newDiscussionTrigger",
  "newCommentTrigger",
  "reportPostTrigger",
  "newUserTrigger",
] as const;
export type AutomationTriggerType = (typeof automationTriggerTypes)[number];
/** The triggers the job runs on a schedule (the others act as their event happens). */
export const automationTimedTriggerTypes: readonly AutomationTriggerType[] = ["staleDiscussionTrigger"];

/** The actions a rule may take on each record its trigger finds (Vanilla's names). */
export const automationActionTypes = [
  "closeDiscussionAction",
  "moveToCategoryAction",
  "addTagToDiscussionAction",
  "addDiscussionToCollectionAction",
  "sendEmailAction",
  "createEscalationAction",
] as const;
export type AutomationActionType = (typeof automationActionTypes)[number];

/** The kinds of record a rule acts on. */
export const automationRecordTypes = ["discussion", "comment", "user"] as const;
export type AutomationRecordType = (typeof automationRecordTypes)[number];

/** The actions each trigger may take (a post's actions on posts, e-mail only for a new member). */
export const automationTriggerActions: Record<AutomationTriggerType, readonly AutomationActionType[]> = {
  staleDiscussionTrigger: [
    "closeDiscussionAction",
    "moveToCategoryAction",
    "addTagToDiscussionAction",
    "addDiscussionToCollectionAction",
    "sendEmailAction",
    "createEscalationAction",
  ],
  newDiscussionTrigger: [
    "closeDiscussionAction",
    "moveToCategoryAction",
    "addTagToDiscussionAction",
    "addDiscussionToCollectionAction",
    "sendEmailAction",
    "createEscalationAction",
  ],
  newCommentTrigger: ["sendEmailAction", "createEscalationAction"],
  reportPostTrigger: ["sendEmailAction", "createEscalationAction"],
  newUserTrigger: ["sendEmailAction"],
};

/** The actions that change nothing a trigger could see: a record gets them once per rule (they are remembered). */
export const automationOnceActionTypes: readonly AutomationActionType[] = [
  "addDiscussionToCollectionAction",
  "sendEmailAction",
  "createEscalationAction",
];

export const automationTriggerLabels: Record<AutomationTriggerType, string> = {
  staleDiscussionTrigger: msg("Time since last activity"),
  newDiscussionTrigger: msg("New discussion in a category"),
  newCommentTrigger: msg("New comment in a category"),
  reportPostTrigger: msg("Post reported a number of times"),
  newUserTrigger: msg("New member joined"),
};

export const automationActionLabels: Record<AutomationActionType, string> = {
  closeDiscussionAction: msg("Close the discussion"),
  moveToCategoryAction: msg("Move to a category"),
  addTagToDiscussionAction: msg("Add a tag"),
  addDiscussionToCollectionAction: msg("Add to a collection"),
  sendEmailAction: msg("Send an e-mail to the author or member"),
  createEscalationAction: msg("Escalate to moderators"),
};

/** The units of a stale discussion trigger's delay. */
export const automationDelayUnits = ["hour", "day", "week"] as const;
export type AutomationDelayUnit = (typeof automationDelayUnits)[number];

export const automationDelayUnitMs: Record<AutomationDelayUnit, number> = {
  hour: 60 * 60_000,
  day: 24 * 60 * 60_000,
  week: 7 * 24 * 60 * 60_000,
};

export const automationRulesLimits = {
  nameMaxLength: 100,
  /** The longest delay a stale discussion trigger takes, in its unit (ten years in days). */
  delayMaxLength: 3650,
  /** Categories a trigger may be limited to, and tags an action may add. */
  maxCategories: 50,
  maxTags: 10,
  /** Records one run acts on at most (the rest wait for its next run). */
  recordsPerRun: 500,
  /** Records a preview lists at most. */
  previewMax: 500,
  dispatchesPerPage: 30,
  /** An active rule runs at most this often (the job looks every 15 minutes). */
  runEveryMs: 60 * 60_000,
  /** The most reports a report count trigger may wait for. */
  reportCountMax: 100,
  emailSubjectMaxLength: 200,
  emailBodyMaxLength: 5000,
  maxCollections: 10,
} as const;

export const automationMessages = {
  unknownCategory: msg("There is no such category."),
  unknownTag: msg("There is no such tag."),
  unknownCollection: msg("There is no such collection."),
  actionNotForTrigger: msg("This action does not go with this trigger."),
} as const;

/** The dashboard's automation rules page. */
export const automationRulesPagePath = "/dashboard/automation-rules";
