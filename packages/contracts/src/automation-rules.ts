import { Type, type Static, type TSchema } from "typebox";
import { DateTime, Nullable } from "./common.ts";
import { Limit, PageOrFirst } from "./pagination.ts";
import {
  automationActionTypes,
  automationDelayUnits,
  automationRecordTypes,
  automationRulesLimits,
  automationTriggerTypes,
  type AutomationActionType,
  type AutomationTriggerType,
} from "./automation-rules-constants.ts";

/*
 * Automation rules (issue 39, item 5; the shapes of Vanilla's `/automation-rules`): a rule pairs a trigger (which
 * records, e.g. discussions idle for N days) with an action taken on each (close, move, tag). Each run is recorded
 * as a dispatch; a preview lists the records a rule would touch without changing any.
 */

export * from "./automation-rules-constants.ts";

/** `staleDiscussionTrigger`: open discussions with no comment (nor the post itself) for the delay. */
export const StaleDiscussionTriggerValue = Type.Object(
  {
    triggerTimeDelay: Type.Object(
      {
        length: Type.Integer({ minimum: 1, maximum: automationRulesLimits.delayMaxLength }),
        unit: Type.Enum(automationDelayUnits),
      },
      { additionalProperties: false, description: "How long a discussion has had no new post." },
    ),
    categoryID: Type.Optional(
      Type.Array(Type.Integer({ minimum: 1 }), {
        minItems: 1,
        maxItems: automationRulesLimits.maxCategories,
        uniqueItems: true,
        description: "Only discussions in these categories (every category without).",
      }),
    ),
    includeSubcategories: Type.Optional(Type.Boolean({ description: "The categories' subcategories too." })),
  },
  { additionalProperties: false },
);
export type StaleDiscussionTriggerValue = Static<typeof StaleDiscussionTriggerValue>;

/** `newDiscussionTrigger`: each discussion as it is posted (in these categories; in any without). */
export const NewDiscussionTriggerValue = Type.Object(
  {
    categoryID: Type.Optional(
      Type.Array(Type.Integer({ minimum: 1 }), {
        minItems: 1,
        maxItems: automationRulesLimits.maxCategories,
        uniqueItems: true,
        description: "Only discussions posted in these categories (every category without).",
      }),
    ),
    includeSubcategories: Type.Optional(Type.Boolean({ description: "The categories' subcategories too." })),
  },
  { additionalProperties: false },
);
export type NewDiscussionTriggerValue = Static<typeof NewDiscussionTriggerValue>;

const postCategories = Type.Optional(
  Type.Array(Type.Integer({ minimum: 1 }), {
    minItems: 1,
    maxItems: automationRulesLimits.maxCategories,
    uniqueItems: true,
    description: "Only posts in these categories (every category without).",
  }),
);

/** `newCommentTrigger`: each comment as it is posted (in discussions of these categories; any without). */
export const NewCommentTriggerValue = Type.Object(
  {
    categoryID: postCategories,
    includeSubcategories: Type.Optional(Type.Boolean({ description: "The categories' subcategories too." })),
  },
  { additionalProperties: false },
);
export type NewCommentTriggerValue = Static<typeof NewCommentTriggerValue>;

/** `reportPostTrigger`: a discussion or comment as its open reports reach `countReports` (once per post). */
export const ReportPostTriggerValue = Type.Object(
  {
    countReports: Type.Integer({
      minimum: 1,
      maximum: automationRulesLimits.reportCountMax,
      description: "How many open reports a post has when the rule acts on it.",
    }),
    categoryID: postCategories,
    includeSubcategories: Type.Optional(Type.Boolean({ description: "The categories' subcategories too." })),
  },
  { additionalProperties: false },
);
export type ReportPostTriggerValue = Static<typeof ReportPostTriggerValue>;

/** `newUserTrigger`: each member as they join (registered, or added by an administrator). */
export const NewUserTriggerValue = Type.Object({}, { additionalProperties: false });

export const CloseDiscussionActionValue = Type.Object({}, { additionalProperties: false });
export const MoveToCategoryActionValue = Type.Object(
  { categoryID: Type.Integer({ minimum: 1, description: "The category the discussions move to." }) },
  { additionalProperties: false },
);
export type MoveToCategoryActionValue = Static<typeof MoveToCategoryActionValue>;
export const AddTagToDiscussionActionValue = Type.Object(
  {
    tagID: Type.Array(Type.Integer({ minimum: 1 }), {
      minItems: 1,
      maxItems: automationRulesLimits.maxTags,
      uniqueItems: true,
      description: "The tags added (those a discussion has stay).",
    }),
  },
  { additionalProperties: false },
);
export type AddTagToDiscussionActionValue = Static<typeof AddTagToDiscussionActionValue>;

export const AddDiscussionToCollectionActionValue = Type.Object(
  {
    collectionID: Type.Array(Type.Integer({ minimum: 1 }), {
      minItems: 1,
      maxItems: automationRulesLimits.maxCollections,
      uniqueItems: true,
      description: "The collections the discussion is added to (those it is in stay).",
    }),
  },
  { additionalProperties: false },
);
export type AddDiscussionToCollectionActionValue = Static<typeof AddDiscussionToCollectionActionValue>;

/** `sendEmailAction`: a plain e-mail to the post's author (or the new member). */
export const SendEmailActionValue = Type.Object(
  {
    emailSubject: Type.String({ minLength: 1, maxLength: automationRulesLimits.emailSubjectMaxLength }),
    emailBody: Type.String({
      minLength: 1,
      maxLength: automationRulesLimits.emailBodyMaxLength,
      description: "Plain text; a blank line starts a paragraph. A link to the post follows.",
    }),
  },
  { additionalProperties: false },
);
export type SendEmailActionValue = Static<typeof SendEmailActionValue>;

/** `createEscalationAction`: a report in the moderators' queue, filed by the site (reason: inappropriate). */
export const CreateEscalationActionValue = Type.Object(
  {
    noteBody: Type.Optional(
      Type.String({ maxLength: 500, description: "The report's note (the rule's name without)." }),
    ),
  },
  { additionalProperties: false },
);
export type CreateEscalationActionValue = Static<typeof CreateEscalationActionValue>;

/** Each trigger's value schema (the catalog answers them; the server checks a rule's value against them). */
export const automationTriggerSchemas: Record<AutomationTriggerType, TSchema> = {
  staleDiscussionTrigger: StaleDiscussionTriggerValue,
  newDiscussionTrigger: NewDiscussionTriggerValue,
  newCommentTrigger: NewCommentTriggerValue,
  reportPostTrigger: ReportPostTriggerValue,
  newUserTrigger: NewUserTriggerValue,
};
/** Each action's value schema, and the triggers it goes with. */
export const automationActionSchemas: Record<AutomationActionType, TSchema> = {
  closeDiscussionAction: CloseDiscussionActionValue,
  moveToCategoryAction: MoveToCategoryActionValue,
  addTagToDiscussionAction: AddTagToDiscussionActionValue,
  addDiscussionToCollectionAction: AddDiscussionToCollectionActionValue,
  sendEmailAction: SendEmailActionValue,
  createEscalationAction: CreateEscalationActionValue,
};

const ValueObject = Type.Record(Type.String(), Type.Unknown(), {
  description: "Checked against its type's schema (`GET /automation-rules/catalog`): 422 per field.",
});

export const AutomationTriggerInput = Type.Object(
  { triggerType: Type.Enum(automationTriggerTypes), triggerValue: ValueObject },
  { additionalProperties: false },
);
export const AutomationActionInput = Type.Object(
  { actionType: Type.Enum(automationActionTypes), actionValue: ValueObject },
  { additionalProperties: false },
);

export const automationRuleStatuses = ["active", "inactive"] as const;
export type AutomationRuleStatus = (typeof automationRuleStatuses)[number];

export const AutomationRule = Type.Object({
  automationRuleID: Type.Integer(),
  name: Type.String(),
  status: Type.Enum(automationRuleStatuses),
  trigger: Type.Object({
    triggerType: Type.Enum(automationTriggerTypes),
    triggerName: Type.String(),
    triggerValue: ValueObject,
  }),
  action: Type.Object({
    actionType: Type.Enum(automationActionTypes),
    actionName: Type.String(),
    actionValue: ValueObject,
  }),
  insertUserID: Type.Integer(),
  dateInserted: DateTime,
  updateUserID: Nullable(Type.Integer()),
  dateUpdated: Nullable(DateTime),
  dateLastRun: Nullable(DateTime),
});
export type AutomationRule = Static<typeof AutomationRule>;

const name = Type.String({ minLength: 1, maxLength: automationRulesLimits.nameMaxLength });

export const AutomationRulePost = Type.Object(
  {
    name,
    trigger: AutomationTriggerInput,
    action: AutomationActionInput,
    status: Type.Optional(Type.Enum(automationRuleStatuses, { description: "`inactive` by default." })),
  },
  { additionalProperties: false },
);
export type AutomationRulePost = Static<typeof AutomationRulePost>;

export const AutomationRulePatch = Type.Partial(
  Type.Object({ name, trigger: AutomationTriggerInput, action: AutomationActionInput }),
  { additionalProperties: false },
);
export type AutomationRulePatch = Static<typeof AutomationRulePatch>;

export const AutomationRuleStatusPut = Type.Object(
  { status: Type.Enum(automationRuleStatuses) },
  { additionalProperties: false },
);
export type AutomationRuleStatusPut = Static<typeof AutomationRuleStatusPut>;

/** A dry run: a rule's trigger and action (saved or not), answered with the records it would act on now. */
export const AutomationRulePreviewBody = Type.Object(
  { trigger: AutomationTriggerInput, action: AutomationActionInput },
  { additionalProperties: false },
);
export type AutomationRulePreviewBody = Static<typeof AutomationRulePreviewBody>;

export const AutomationPreviewRecord = Type.Object({
  recordType: Type.Literal("discussion"),
  recordID: Type.Integer(),
  name: Type.String(),
  url: Type.String(),
  categoryID: Type.Integer(),
  dateLastActivity: DateTime,
});
export type AutomationPreviewRecord = Static<typeof AutomationPreviewRecord>;

export const AutomationPreview = Type.Object({
  affectedRecordType: Type.Literal("discussion"),
  count: Type.Integer({
    description: "Every record the rule would act on now (none for `newDiscussionTrigger`: it acts on each new post).",
  }),
  records: Type.Array(AutomationPreviewRecord, {
    description: `The first ${automationRulesLimits.previewMax}, longest idle first.`,
  }),
});
export type AutomationPreview = Static<typeof AutomationPreview>;

export const automationDispatchTypes = ["manual", "triggered", "initial"] as const;
export const automationDispatchStatuses = ["queued", "running", "success", "failed", "warning"] as const;
export type AutomationDispatchStatus = (typeof automationDispatchStatuses)[number];

export const AutomationDispatch = Type.Object({
  automationRuleDispatchUUID: Type.String(),
  automationRuleID: Type.Integer(),
  name: Type.String({ description: "The rule's name." }),
  dispatchType: Type.Enum(automationDispatchTypes),
  dispatchStatus: Type.Enum(automationDispatchStatuses),
  dispatchUserID: Nullable(Type.Integer({ description: "Who ran it (`manual`); null for the job." })),
  dateDispatched: DateTime,
  dateFinished: Nullable(DateTime),
  affectedRecordType: Type.Enum(automationRecordTypes),
  estimatedRecordCount: Type.Integer({ description: "Records the trigger found." }),
  affectedRecordCount: Type.Integer({ description: "Records the action changed." }),
  failedRecordCount: Type.Integer(),
  errorMessage: Nullable(Type.String()),
  trigger: Type.Object({ triggerType: Type.String(), triggerValue: ValueObject }),
  action: Type.Object({ actionType: Type.String(), actionValue: ValueObject }),
});
export type AutomationDispatch = Static<typeof AutomationDispatch>;

export const AutomationDispatchesQuery = Type.Object(
  {
    automationRuleID: Type.Optional(Type.Integer({ minimum: 1 })),
    dispatchStatus: Type.Optional(Type.Array(Type.Enum(automationDispatchStatuses), { uniqueItems: true })),
    page: Type.Optional(PageOrFirst),
    limit: Type.Optional(Limit(100, automationRulesLimits.dispatchesPerPage)),
  },
  { additionalProperties: false },
);
export type AutomationDispatchesQuery = Static<typeof AutomationDispatchesQuery>;

export const AutomationRuleIDParams = Type.Object({ automationRuleID: Type.Integer({ minimum: 1 }) });

export const AutomationCatalogEntry = Type.Object({
  name: Type.String(),
  contentType: Type.Enum(["posts", "users"] as const),
  schema: Type.Unknown({ description: "The JSON schema of its value." }),
});
export const AutomationCatalog = Type.Object({
  triggers: Type.Record(
    Type.String(),
    Type.Intersect([AutomationCatalogEntry, Type.Object({ triggerActions: Type.Array(Type.String()) })]),
  ),
  actions: Type.Record(
    Type.String(),
    Type.Intersect([AutomationCatalogEntry, Type.Object({ actionTriggers: Type.Array(Type.String()) })]),
  ),
});
export type AutomationCatalog = Static<typeof AutomationCatalog>;
