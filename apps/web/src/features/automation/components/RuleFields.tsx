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
import { CheckboxField, SelectField, TextField } from "../../../ui/forms/Form.tsx";
import { useHydrated } from "../../../ui/hydrated.ts";
import type { RuleFormValues } from "../automation.form.ts";
import { automationCatalogQuery, ruleCategoriesQuery, ruleTagsQuery } from "../automation.queries.ts";
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
  const hydrated = useHydrated();
  const [triggerType, setTriggerType] = useState(values.triggerType);
  const [actionType, setActionType] = useState(values.actionType);
  const error = (field: string) => refused?.errors?.[field];
  const categories = categoryOptions(tree);
  const triggerTypes = Object.entries(catalog.triggers);
  const takes = catalog.triggers[triggerType]?.triggerActions;
  const actionTypes = Object.entries(catalog.actions).filter(([type]) => !hydrated || !takes || takes.includes(type));
  const shows = (chosen: string, type: string) => !hydrated || chosen === type;
  const list = (value: string) => (value ? value.split(",") : []);
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
        {shows(actionType, "moveToCategoryAction") ? (
          <SelectField
            label={t("Move to")}
            name="actionCategoryID"
            defaultValue={values.actionCategoryID}
            error={error("actionCategoryID")}
            hint={hydrated ? undefined : t("For “{action}” only.", { action: actionLabel("moveToCategoryAction") })}
            options={[{ value: "", label: t("Choose a category") }, ...categories]}
          />
        ) : null}
        {shows(actionType, "addTagToDiscussionAction") ? (
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
      </fieldset>
    </>
  );
}
