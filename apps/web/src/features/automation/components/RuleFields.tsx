import { useSuspenseQuery } from "@tanstack/react-query";
import { useState } from "react";
import {
  automationActionLabels,
  automationDelayUnits,
  automationRulesLimits,
  automationTriggerLabels,
  type AutomationActionType,
  type AutomationDelayUnit,
  type AutomationTriggerType,
} from "@parley/contracts/automation-rules-constants";
import type { CategoryTreeItem } from "@parley/contracts";
import { useApi } from "../../../lib/api-context.tsx";
import type { FormResult } from "../../../lib/forms.ts";
import { t } from "../../../lib/i18n.ts";
import { CheckboxField, SelectField, TextAreaField, TextField } from "../../../ui/forms/Form.tsx";
import { useHydrated } from "../../../ui/hydrated.ts";
import type { RuleFormValues } from "../automation.form.ts";
import {
  automationCatalogQuery,
  ruleCategoriesQuery,
  ruleCollectionsQuery,
  ruleTagsQuery,
} from "../automation.queries.ts";
import styles from "../pages/Automation.module.css";

const unitLabel = (unit: AutomationDelayUnit) => ({ hour: t("Hours"), day: t("Days"), week: t("Weeks") })[unit];

/** A trigger's label (the catalog's name for a type this page does not know). */
export const triggerLabel = (type: string, fallback = type) =>
  type in automationTriggerLabels ? t(automationTriggerLabels[type as AutomationTriggerType]) : fallback;
/** An action's label. */
export const actionLabel = (type: string, fallback = type) =>
  type in automationActionLabels ? t(automationActionLabels[type as AutomationActionType]) : fallback;

/** The category tree in order, each indented by its depth. */
const categoryOptions = (tree: readonly CategoryTreeItem[], depth = 0): Array<{ value: string; label: string }> =>
  tree.flatMap((category) => [
    { value: String(category.categoryID), label: `${"— ".repeat(depth)}${category.name}` },
    ...categoryOptions(category.children ?? [], depth + 1),
  ]);

/**
 * A rule's fields, for Add and Edit: its name, the trigger (its type from the catalog, the delay, the categories)
 * and the action (its type, the category to move to, the tags to add). Without JavaScript every field shows, each
 * saying which type it is for; with it, only the chosen types' fields. A refused post's errors sit beside their
 * fields.
 */
export function RuleFields({ values, refused }: { values: RuleFormValues; refused?: FormResult | undefined }) {
  const api = useApi();
  const { data: catalog } = useSuspenseQuery(automationCatalogQuery(api));
  const { data: tree } = useSuspenseQuery(ruleCategoriesQuery(api));
  const { data: tags } = useSuspenseQuery(ruleTagsQuery(api));
  const { data: collections } = useSuspenseQuery(ruleCollectionsQuery(api));
  const hydrated = useHydrated();
  const [triggerType, setTriggerType] = useState(values.triggerType);
  const [actionType, setActionType] = useState(values.actionType);
  const error = (field: string) => refused?.errors?.[field];
  const categories = categoryOptions(tree);
  const triggerTypes = Object.entries(catalog.triggers);
  const takes = catalog.triggers[triggerType]?.triggerActions;
  const actionTypes = Object.entries(catalog.actions).filter(([type]) => !hydrated || !takes || takes.includes(type));
  // A trigger that does not take the chosen action: the select shows its first action, and so do the fields.
  const chosenAction = actionTypes.some(([type]) => type === actionType) ? actionType : (actionTypes[0]?.[0] ?? "");
  const shows = (chosen: string, type: string) => !hydrated || chosen === type;
  const list = (value: string) => (value ? value.split(",") : []);
  const onlyFor = (kind: "trigger" | "action", type: string) =>
    hydrated
      ? undefined
      : kind === "trigger"
        ? t("For “{trigger}” only.", { trigger: triggerLabel(type) })
        : t("For “{action}” only.", { action: actionLabel(type) });
  return (
    <>
      <TextField
        label={t("Name")}
        name="name"
        required
        maxLength={automationRulesLimits.nameMaxLength}
        defaultValue={values.name}
        error={error("name")}
      />
      <fieldset className={styles.group}>
        <legend>{t("Trigger")}</legend>
        <SelectField
          label={t("Trigger type")}
          name="triggerType"
          defaultValue={values.triggerType}
          onChange={(event) => setTriggerType(event.currentTarget.value)}
          error={error("triggerType")}
          options={[
            ...(values.triggerType ? [] : [{ value: "", label: t("Choose a trigger") }]),
            ...triggerTypes.map(([type, entry]) => ({ value: type, label: triggerLabel(type, entry.name) })),
          ]}
        />
        {shows(triggerType, "staleDiscussionTrigger") ? (
          <div className={styles.delay}>
            <TextField
              label={t("No new post for")}
              name="delayLength"
              type="number"
              inputMode="numeric"
              min={1}
              max={automationRulesLimits.delayMaxLength}
              defaultValue={values.delayLength}
              error={error("delayLength")}
              hint={
                hydrated ? undefined : t("For “{trigger}” only.", { trigger: triggerLabel("staleDiscussionTrigger") })
              }
            />
            <SelectField
              label={t("Unit")}
              name="delayUnit"
              defaultValue={values.delayUnit || "day"}
              options={automationDelayUnits.map((unit) => ({ value: unit, label: unitLabel(unit) }))}
            />
          </div>
        ) : null}
        {shows(triggerType, "reportPostTrigger") ? (
          <TextField
            label={t("Open reports of the post")}
            name="countReports"
            type="number"
            inputMode="numeric"
            min={1}
            max={automationRulesLimits.reportCountMax}
            defaultValue={values.countReports}
            error={error("countReports")}
            hint={onlyFor("trigger", "reportPostTrigger")}
          />
        ) : null}
        {hydrated && triggerType === "newUserTrigger" ? null : (
          <>
            <div className={styles.several}>
              <SelectField
                label={t("In these categories")}
                name="triggerCategoryID"
                multiple
                size={Math.min(6, Math.max(2, categories.length))}
                defaultValue={list(values.triggerCategoryID)}
                error={error("triggerCategoryID")}
                hint={t("None chosen: every category. Hold Ctrl (or ⌘) to choose several.")}
                options={categories}
              />
            </div>
            <CheckboxField
              label={t("Their subcategories too")}
              name="includeSubcategories"
              defaultChecked={values.includeSubcategories === "1"}
            />
          </>
        )}
      </fieldset>
      <fieldset className={styles.group}>
        <legend>{t("Action")}</legend>
        <SelectField
          label={t("Action type")}
          name="actionType"
          defaultValue={values.actionType}
          onChange={(event) => setActionType(event.currentTarget.value)}
          error={error("actionType")}
          options={[
            ...(values.actionType ? [] : [{ value: "", label: t("Choose an action") }]),
            ...actionTypes.map(([type, entry]) => ({ value: type, label: actionLabel(type, entry.name) })),
          ]}
        />
        {shows(chosenAction, "moveToCategoryAction") ? (
          <SelectField
            label={t("Move to")}
            name="actionCategoryID"
            defaultValue={values.actionCategoryID}
            error={error("actionCategoryID")}
            hint={hydrated ? undefined : t("For “{action}” only.", { action: actionLabel("moveToCategoryAction") })}
            options={[{ value: "", label: t("Choose a category") }, ...categories]}
          />
        ) : null}
        {shows(chosenAction, "addTagToDiscussionAction") ? (
          <SelectField
            label={t("Tag to add")}
            name="actionTagID"
            defaultValue={list(values.actionTagID)[0] ?? ""}
            error={error("actionTagID")}
            hint={hydrated ? undefined : t("For “{action}” only.", { action: actionLabel("addTagToDiscussionAction") })}
            options={[
              { value: "", label: tags.items.length ? t("Choose a tag") : t("There are no tags yet") },
              ...tags.items.map((tag) => ({ value: String(tag.tagID), label: tag.name })),
            ]}
          />
        ) : null}
        {shows(chosenAction, "addDiscussionToCollectionAction") ? (
          <SelectField
            label={t("Collection")}
            name="actionCollectionID"
            defaultValue={list(values.actionCollectionID)[0] ?? ""}
            error={error("actionCollectionID")}
            hint={onlyFor("action", "addDiscussionToCollectionAction")}
            options={[
              { value: "", label: collections.length ? t("Choose a collection") : t("There are no collections yet") },
              ...collections.map((collection) => ({
                value: String(collection.collectionID),
                label: collection.name,
              })),
            ]}
          />
        ) : null}
        {shows(chosenAction, "sendEmailAction") ? (
          <>
            <TextField
              label={t("E-mail subject")}
              name="emailSubject"
              maxLength={automationRulesLimits.emailSubjectMaxLength}
              defaultValue={values.emailSubject}
              error={error("emailSubject")}
              hint={onlyFor("action", "sendEmailAction")}
            />
            <TextAreaField
              label={t("E-mail text")}
              name="emailBody"
              rows={5}
              maxLength={automationRulesLimits.emailBodyMaxLength}
              defaultValue={values.emailBody}
              error={error("emailBody")}
              hint={t("Plain text, to the post's author or the new member; a link to the post follows.")}
            />
          </>
        ) : null}
        {shows(chosenAction, "createEscalationAction") ? (
          <TextField
            label={t("Note for the moderators")}
            name="noteBody"
            maxLength={500}
            defaultValue={values.noteBody}
            error={error("noteBody")}
            hint={
              hydrated
                ? t("Optional; the rule's name without one.")
                : t("For “{action}” only; optional.", { action: actionLabel("createEscalationAction") })
            }
          />
        ) : null}
      </fieldset>
    </>
  );
}
