import {
  automationActionSchemas,
  automationTriggerActions,
  type AddDiscussionToCollectionActionValue,
  automationDelayUnitMs,
  automationMessages,
  automationTriggerSchemas,
  type AddTagToDiscussionActionValue,
  type AutomationActionType,
  type AutomationTriggerType,
  type FieldError,
  type MoveToCategoryActionValue,
  type StaleDiscussionTriggerValue,
} from "@parley/contracts";
import type { TSchema } from "typebox";
import { Value } from "typebox/value";
import { fieldError, validationFailed } from "../../platform/errors.ts";
import type { CategoryDirectory } from "../categories/index.ts";
import type { AutomationRepo } from "./automation.repo.ts";

/** A rule's trigger and action, their values checked. */
export interface RuleSpec {
  trigger: { triggerType: AutomationTriggerType; triggerValue: Record<string, unknown> };
  action: { actionType: AutomationActionType; actionValue: Record<string, unknown> };
}

const pointerToPath = (pointer: string) =>
  pointer
    .split("/")
    .slice(1)
    .map((part) => (/^\d+$/.test(part) ? `[${part}]` : `.${part}`))
    .join("");

/** The schema errors of a value, each a 422 at its field's path under `base`. */
function schemaErrors(schema: TSchema, value: unknown, base: string): FieldError[] {
  return [...Value.Errors(schema, value)].flatMap((error): FieldError[] => {
    const at = base + pointerToPath(error.instancePath);
    const params = error.params as { requiredProperties?: string[]; additionalProperties?: string[] };
    if (error.keyword === "boolean") return [];
    if (error.keyword === "required" && params.requiredProperties)
      return params.requiredProperties.map((name) =>
        fieldError(`${at}.${name}`, "missingField", `${at}.${name} is required.`, 422),
      );
    if (error.keyword === "additionalProperties" && params.additionalProperties)
      return params.additionalProperties.map((name) =>
        fieldError(`${at}.${name}`, "invalid", `${at}.${name} is not a property of this type.`, 422),
      );
    return [fieldError(at, "invalid", `${at} ${error.message}.`, 422)];
  });
}

/**
 * 422 per field unless the trigger's and the action's values match their types' schemas and name categories
 * and tags that exist.
 */
export async function checkRuleSpec(
  spec: RuleSpec,
  deps: {
    categories: CategoryDirectory;
    repo: AutomationRepo;
    existingCollections: (collectionIDs: number[]) => Promise<number[]>;
  },
): Promise<void> {
  const triggerBase = "trigger.triggerValue";
  const actionBase = "action.actionValue";
  const errors = [
    ...schemaErrors(automationTriggerSchemas[spec.trigger.triggerType], spec.trigger.triggerValue, triggerBase),
    ...schemaErrors(automationActionSchemas[spec.action.actionType], spec.action.actionValue, actionBase),
  ];
  if (!automationTriggerActions[spec.trigger.triggerType].includes(spec.action.actionType))
    errors.push(fieldError("action.actionType", "invalid", automationMessages.actionNotForTrigger, 422));
  if (errors.length) throw validationFailed(errors);
  const trigger = spec.trigger.triggerValue as StaleDiscussionTriggerValue;
  for (const categoryID of trigger.categoryID ?? [])
    if (!(await deps.categories.get(categoryID)))
      errors.push(fieldError(`${triggerBase}.categoryID`, "invalid", automationMessages.unknownCategory, 422));
  if (spec.action.actionType === "moveToCategoryAction") {
    const { categoryID } = spec.action.actionValue as MoveToCategoryActionValue;
    if (!(await deps.categories.get(categoryID)))
      errors.push(fieldError(`${actionBase}.categoryID`, "invalid", automationMessages.unknownCategory, 422));
  }
  if (spec.action.actionType === "addTagToDiscussionAction") {
    const { tagID } = spec.action.actionValue as AddTagToDiscussionActionValue;
    const existing = new Set(await deps.repo.existingTags(tagID));
    if (tagID.some((id) => !existing.has(id)))
      errors.push(fieldError(`${actionBase}.tagID`, "invalid", automationMessages.unknownTag, 422));
  }
  if (spec.action.actionType === "addDiscussionToCollectionAction") {
    const { collectionID } = spec.action.actionValue as AddDiscussionToCollectionActionValue;
    const existing = new Set(await deps.existingCollections(collectionID));
    if (collectionID.some((id) => !existing.has(id)))
      errors.push(fieldError(`${actionBase}.collectionID`, "invalid", automationMessages.unknownCollection, 422));
  }
  // One error per field (two unknown categories are one mistake).
  const unique = errors.filter((error, index) => errors.findIndex((other) => other.field === error.field) === index);
  if (unique.length) throw validationFailed(unique);
}

/** How long a stale discussion trigger waits, in ms. */
export const delayMsOf = (value: StaleDiscussionTriggerValue) =>
  value.triggerTimeDelay.length * automationDelayUnitMs[value.triggerTimeDelay.unit];
