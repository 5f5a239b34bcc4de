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
  countReports: string;
  actionCollectionID: string;
  emailSubject: string;
  emailBody: string;
  noteBody: string;
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
  const action = rule.action.actionValue as {
    categoryID?: number;
    tagID?: number[];
    collectionID?: number[];
    emailSubject?: string;
    emailBody?: string;
    noteBody?: string;
  };
  const reports = (rule.trigger.triggerValue as { countReports?: number }).countReports;
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
    countReports: reports ? String(reports) : "",
    actionCollectionID: (action.collectionID ?? []).join(","),
    emailSubject: action.emailSubject ?? "",
    emailBody: action.emailBody ?? "",
    noteBody: action.noteBody ?? "",
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
  const collections = ids(form, "actionCollectionID");
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
    countReports: text(form, "countReports").trim(),
    actionCollectionID: collections.join(","),
    emailSubject: text(form, "emailSubject").trim(),
    emailBody: text(form, "emailBody").trim(),
    noteBody: text(form, "noteBody").trim(),
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
  if (values.triggerType === "reportPostTrigger") {
    const count = Number(values.countReports);
    if (!/^\d+$/.test(values.countReports) || count < 1 || count > automationRulesLimits.reportCountMax)
      errors["countReports"] = t("Enter a whole number from 1 to {max}.", {
        max: String(automationRulesLimits.reportCountMax),
      });
    triggerValue["countReports"] = count;
  }
  // A new member is in no category.
  if (triggerCategories.length && values.triggerType !== "newUserTrigger") {
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
  if (values.actionType === "addDiscussionToCollectionAction") {
    if (collections.length) actionValue["collectionID"] = collections;
    else errors["actionCollectionID"] = t("Choose a collection.");
  }
  if (values.actionType === "sendEmailAction") {
    if (values.emailSubject) actionValue["emailSubject"] = values.emailSubject;
    else errors["emailSubject"] = t("Enter the e-mail's subject.");
    if (values.emailBody) actionValue["emailBody"] = values.emailBody;
    else errors["emailBody"] = t("Enter the e-mail's text.");
  }
  if (values.actionType === "createEscalationAction" && values.noteBody) actionValue["noteBody"] = values.noteBody;
  const trigger = { triggerType: values.triggerType as AutomationTriggerType, triggerValue };
  const action = { actionType: values.actionType as AutomationActionType, actionValue };
  return { values, errors, trigger, action };
}

/** The API's field paths (`trigger.triggerValue.triggerTimeDelay.length`, …) as the form's fields. */
export function ruleFieldOf(apiField: string): string {
  if (apiField.startsWith("trigger.triggerValue.triggerTimeDelay")) return "delayLength";
  if (apiField.startsWith("trigger.triggerValue.categoryID")) return "triggerCategoryID";
  if (apiField.startsWith("trigger.triggerValue.includeSubcategories")) return "includeSubcategories";
  if (apiField.startsWith("trigger.triggerValue.countReports")) return "countReports";
  if (apiField.startsWith("action.actionValue.collectionID")) return "actionCollectionID";
  if (apiField.startsWith("action.actionValue.emailSubject")) return "emailSubject";
  if (apiField.startsWith("action.actionValue.emailBody")) return "emailBody";
  if (apiField.startsWith("action.actionValue.noteBody")) return "noteBody";
  if (apiField.startsWith("trigger")) return "triggerType";
  if (apiField.startsWith("action.actionValue.categoryID")) return "actionCategoryID";
  if (apiField.startsWith("action.actionValue.tagID")) return "actionTagID";
  if (apiField.startsWith("action")) return "actionType";
  return apiField;
}
