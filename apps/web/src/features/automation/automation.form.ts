import {
  automationActionTypes,
  automationDelayUnits,
  automationRulesLimits,
  automationTriggerTypes,
  type AutomationActionType,
  type AutomationDelayUnit,
  type AutomationTriggerType,
} from "@parley/contracts/automation-rules-constants";
import type { AutomationRule } from "@parley/contracts";
import { t } from "../../lib/i18n.ts";

/** The rule form's fields, as posted (the values a refused or previewed form shows again). */
export interface RuleFormValues extends Record<string, string> {
  intent: string;
  name: string;
  triggerType: string;
  delayLength: string;
  delayUnit: string;
  /** Comma-separated ids (a select of several). */
  triggerCategoryID: string;
  includeSubcategories: string;
  actionType: string;
  actionCategoryID: string;
  actionTagID: string;
}

const ids = (form: FormData, name: string) =>
  form.getAll(name).flatMap((value) => (typeof value === "string" && /^\d+$/.test(value) ? [Number(value)] : []));
const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};
const isTrigger = (value: string): value is AutomationTriggerType =>
  (automationTriggerTypes as readonly string[]).includes(value);
const isAction = (value: string): value is AutomationActionType =>
  (automationActionTypes as readonly string[]).includes(value);
const isUnit = (value: string): value is AutomationDelayUnit =>
  (automationDelayUnits as readonly string[]).includes(value);

/** A saved rule as the form's values (to fill the edit form). */
export function ruleValues(rule: AutomationRule): RuleFormValues {
  const trigger = rule.trigger.triggerValue as {
    triggerTimeDelay?: { length: number; unit: string };
    categoryID?: number[];
    includeSubcategories?: boolean;
  };
  const action = rule.action.actionValue as { categoryID?: number; tagID?: number[] };
  return {
    intent: "edit",
    name: rule.name,
    triggerType: rule.trigger.triggerType,
    delayLength: trigger.triggerTimeDelay ? String(trigger.triggerTimeDelay.length) : "",
    delayUnit: trigger.triggerTimeDelay?.unit ?? "day",
    triggerCategoryID: (trigger.categoryID ?? []).join(","),
    includeSubcategories: trigger.includeSubcategories ? "1" : "",
    actionType: rule.action.actionType,
    actionCategoryID: action.categoryID ? String(action.categoryID) : "",
    actionTagID: (action.tagID ?? []).join(","),
  };
}

/**
 * The rule form as posted: the trigger and action to send (each type takes only its own fields) and the form's
 * errors, checked before the API is asked (the API checks again: categories and tags must exist).
 */
export function readRuleForm(form: FormData) {
  const triggerCategories = ids(form, "triggerCategoryID");
  const actionCategory = ids(form, "actionCategoryID")[0];
  const tags = ids(form, "actionTagID");
  const values: RuleFormValues = {
    intent: text(form, "intent"),
    name: text(form, "name").trim(),
    triggerType: text(form, "triggerType"),
    delayLength: text(form, "delayLength").trim(),
    delayUnit: text(form, "delayUnit"),
    triggerCategoryID: triggerCategories.join(","),
    includeSubcategories: text(form, "includeSubcategories") ? "1" : "",
    actionType: text(form, "actionType"),
    actionCategoryID: actionCategory ? String(actionCategory) : "",
    actionTagID: tags.join(","),
  };
  const errors: Record<string, string> = {};
  if (!values.name && values.intent !== "preview") errors["name"] = t("Enter a name.");
  const triggerValue: Record<string, unknown> = {};
  if (!isTrigger(values.triggerType)) errors["triggerType"] = t("Choose a trigger.");
  if (values.triggerType === "staleDiscussionTrigger") {
    const length = Number(values.delayLength);
    if (!/^\d+$/.test(values.delayLength) || length < 1 || length > automationRulesLimits.delayMaxLength)
      errors["delayLength"] = t("Enter a whole number from 1 to {max}.", {
        max: String(automationRulesLimits.delayMaxLength),
      });
    triggerValue["triggerTimeDelay"] = { length, unit: isUnit(values.delayUnit) ? values.delayUnit : "day" };
  }
  if (triggerCategories.length) {
    triggerValue["categoryID"] = triggerCategories;
    if (values.includeSubcategories) triggerValue["includeSubcategories"] = true;
  }
  const actionValue: Record<string, unknown> = {};
  if (!isAction(values.actionType)) errors["actionType"] = t("Choose an action.");
  if (values.actionType === "moveToCategoryAction") {
    if (actionCategory) actionValue["categoryID"] = actionCategory;
    else errors["actionCategoryID"] = t("Choose the category to move the discussions to.");
  }
  if (values.actionType === "addTagToDiscussionAction") {
    if (tags.length) actionValue["tagID"] = tags;
    else errors["actionTagID"] = t("Choose a tag to add.");
  }
  const trigger = { triggerType: values.triggerType as AutomationTriggerType, triggerValue };
  const action = { actionType: values.actionType as AutomationActionType, actionValue };
  return { values, errors, trigger, action };
}

/** The API's field paths (`trigger.triggerValue.triggerTimeDelay.length`, …) as the form's fields. */
export function ruleFieldOf(apiField: string): string {
  if (apiField.startsWith("trigger.triggerValue.triggerTimeDelay")) return "delayLength";
  if (apiField.startsWith("trigger.triggerValue.categoryID")) return "triggerCategoryID";
  if (apiField.startsWith("trigger.triggerValue.includeSubcategories")) return "includeSubcategories";
  if (apiField.startsWith("trigger")) return "triggerType";
  if (apiField.startsWith("action.actionValue.categoryID")) return "actionCategoryID";
  if (apiField.startsWith("action.actionValue.tagID")) return "actionTagID";
  if (apiField.startsWith("action")) return "actionType";
  return apiField;
}
