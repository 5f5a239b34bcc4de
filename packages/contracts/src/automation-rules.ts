import { Type, type Static, type TSchema } from "typebox";
import { DateTime, Nullable } from "./common.ts";
import { Limit, PageOrFirst } from "./pagination.ts";
import {
  automationActionTypes,
  automationDelayUnits,
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

/** Each trigger's value schema (the catalog answers them; the server checks a rule's value against them). */
export const automationTriggerSchemas: Record<AutomationTriggerType, TSchema> = {
  staleDiscussionTrigger: StaleDiscussionTriggerValue,
  newDiscussionTrigger: NewDiscussionTriggerValue,
};
/** Each action's value schema, and the triggers it goes with. */
export const automationActionSchemas: Record<AutomationActionType, TSchema> = {
  closeDiscussionAction: CloseDiscussionActionValue,
  moveToCategoryAction: MoveToCategoryActionValue,
  addTagToDiscussionAction: AddTagToDiscussionActionValue,
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
  affectedRecordType: Type.Literal("discussion"),
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
  contentType: Type.Literal("posts"),
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
