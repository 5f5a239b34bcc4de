import { useSuspenseQuery } from "@tanstack/react-query";
import type { ProfileField } from "@parley/contracts";
import { profileFieldRules, profileFieldsDashboardPath } from "@parley/contracts/profile-fields-constants";
import { Form } from "react-router";
import { useApi } from "../../../lib/api-context.tsx";
import type { FormResult } from "../../../lib/forms.ts";
import { t } from "../../../lib/i18n.ts";
import { TransientKeyField } from "../../../lib/session.tsx";
import { Button } from "../../../ui/button/Button.tsx";
import { CheckboxField, SelectField, SubmitButton, TextAreaField, TextField } from "../../../ui/forms/Form.tsx";
import { fieldKinds, kindOf, mutabilityLabels, visibilityLabels } from "../profile-fields.dashboard.ts";
import { allProfileFieldsQuery } from "../profile-fields.queries.ts";
import { DashboardListPage, DashboardRecordForm, useDashboardListState } from "../../../ui/page/DashboardListPage.tsx";
import { DashboardRowActions } from "../../../ui/page/DashboardRowActions.tsx";
import sheet from "../../../ui/page/DashboardTable.module.css";
import styles from "./ProfileFieldsPage.module.css";

const options = (labels: Record<string, string>) =>
  Object.entries(labels).map(([value, label]) => ({ value, label: t(label) }));

/** The definition's inputs: the kind and API name only when adding (both are fixed once made). */
function FieldForm({
  field,
  action,
  busy,
  result,
}: {
  field?: ProfileField;
  action: string;
  busy: boolean;
  result?: FormResult | undefined;
}) {
  const value = (name: string, saved: string) => result?.values?.[name] ?? saved;
  const checked = (name: string, saved: boolean) => (result?.values ? result.values[name] === "1" : saved);
  const error = (name: string) => result?.errors?.[name];
  const kind = field ? kindOf(field) : value("kind", "text");
  return (
    <DashboardRecordForm action={action} editing={field !== undefined} result={result}>
      <TextField
        label={t("Label")}
        name="label"
        required
        maxLength={profileFieldRules.labelMaxLength}
        defaultValue={value("label", field?.label ?? "")}
        error={error("label")}
      />
      {field ? (
        <>
          <input type="hidden" name="apiName" value={field.apiName} />
          <input type="hidden" name="kind" value={kind} />
        </>
      ) : (
        <>
          <TextField
            label={t("API name")}
            name="apiName"
            required
            pattern={profileFieldRules.apiNamePattern}
            maxLength={profileFieldRules.apiNameMaxLength}
            hint={t("Letters, digits, _ and -, starting with a letter; it cannot change later.")}
            defaultValue={value("apiName", "")}
            error={error("apiName")}
          />
          <SelectField
            label={t("Type")}
            name="kind"
            defaultValue={kind}
            options={Object.entries(fieldKinds).map(([value, { label }]) => ({ value, label: t(label) }))}
            error={error("formType") ?? error("dataType")}
          />
        </>
      )}
      <TextAreaField
        label={t("Description")}
        name="description"
        rows={2}
        maxLength={profileFieldRules.descriptionMaxLength}
        defaultValue={value("description", field?.description ?? "")}
        error={error("description")}
      />
      {!field || field.formType === "dropdown" ? (
        <TextAreaField
          label={t("Dropdown options")}
          name="dropdownOptions"
          rows={3}
          hint={t("For a dropdown: one option a line.")}
          defaultValue={value("dropdownOptions", (field?.dropdownOptions ?? []).join("\n"))}
          error={error("dropdownOptions")}
        />
      ) : null}
      <SelectField
        label={t("Who sees it")}
        name="visibility"
        defaultValue={value("visibility", field?.visibility ?? "public")}
        options={options(visibilityLabels)}
        error={error("visibility")}
      />
      <SelectField
        label={t("Who may change it")}
        name="mutability"
        defaultValue={value("mutability", field?.mutability ?? "all")}
        options={options(mutabilityLabels)}
        error={error("mutability")}
      />
      <CheckboxField
        label={t("Required")}
        name="required"
        defaultChecked={checked("required", field?.registrationOptions === "required")}
      />
      <CheckboxField
        label={t("Show on profiles")}
        name="profiles"
        defaultChecked={checked("profiles", field?.displayOptions.profiles ?? true)}
      />
      <CheckboxField
        label={t("Show on user cards")}
        name="userCards"
        defaultChecked={checked("userCards", field?.displayOptions.userCards ?? false)}
      />
      {field ? null : <CheckboxField label={t("On")} name="enabled" defaultChecked={checked("enabled", true)} />}
      <SubmitButton busy={busy}>{field ? t("Save") : t("Add Field")}</SubmitButton>
    </DashboardRecordForm>
  );
}

/** One field's row: what it is, its order buttons, on or off, its edit form and Delete (asked first). */
function FieldRow({
  field,
  index,
  count,
  action,
  busy,
  result,
}: {
  field: ProfileField;
  index: number;
  count: number;
  action: string;
  busy: boolean;
  result?: FormResult | undefined;
}) {
  // What the last post answered about this row (not Add Field's, which may name the same API name).
  const mine =
    result && result.values?.["intent"] !== "create" && result.values?.["apiName"] === field.apiName
      ? result
      : undefined;
  const editing = mine && !mine.ok && mine.values?.["intent"] === "edit" ? mine : undefined;
  const confirming = mine?.values?.["confirm"] === "delete";
  const hidden = (name: string, value: string) => <input type="hidden" name={name} value={value} />;
  return (
    <tr aria-label={field.label}>
      <th scope="row" className={sheet.name}>
        <span>{field.label}</span>
        <span className={sheet.facts}>
          {field.apiName} · {t(fieldKinds[kindOf(field)].label)}
          {field.registrationOptions === "required" ? ` · ${t("Required")}` : ""}
        </span>
      </th>
      <td data-label={t("Who sees it")}>{t(visibilityLabels[field.visibility])}</td>
      <td data-label={t("Order")}>
        <div className={styles.order}>
          {(["up", "down"] as const).map((direction) =>
            (direction === "up" ? index > 0 : index < count - 1) ? (
              <Form method="post" action={action} key={direction}>
                <TransientKeyField />
                {hidden("intent", "move")}
                {hidden("apiName", field.apiName)}
                {hidden("direction", direction)}
                <Button type="submit" buttonType="standard" isPending={busy}>
                  {direction === "up"
                    ? t("Move “{name}” up", { name: field.label })
                    : t("Move “{name}” down", { name: field.label })}
                </Button>
              </Form>
            ) : null,
          )}
        </div>
      </td>
      <td data-label={t("Status")}>
        <Form method="post" action={action} className={sheet.status}>
          <TransientKeyField />
          {hidden("intent", "enabled")}
          {hidden("apiName", field.apiName)}
          {hidden("enabled", field.enabled ? "0" : "1")}
          <span className={field.enabled ? sheet.on : sheet.off}>{field.enabled ? t("On") : t("Off")}</span>
          <Button type="submit" buttonType="standard" isPending={busy}>
            {field.enabled
              ? t("Turn off “{name}”", { name: field.label })
              : t("Turn on “{name}”", { name: field.label })}
          </Button>
        </Form>
      </td>
      <DashboardRowActions
        name={field.label}
        action={action}
        busy={busy}
        editing={editing !== undefined}
        editForm={<FieldForm field={field} action={action} busy={busy} result={editing} />}
        hidden={{ apiName: field.apiName, label: field.label }}
        confirming={confirming}
        confirmText={t("Delete “{name}” and every member's value of it? This cannot be undone.", { name: field.label })}
        failure={mine && !mine.ok && !editing ? mine.message : undefined}
        className={styles.delete}
      />
    </tr>
  );
}

/** `/dashboard/settings/profile-fields`: the custom profile fields in their order, each edited in place. */
export function ProfileFieldsPage() {
  const api = useApi();
  const { data: fields } = useSuspenseQuery(allProfileFieldsQuery(api));
  const { action, busy, result, creating } = useDashboardListState();
  return (
    <DashboardListPage
      id="profile-fields-title"
      title={t("Profile Fields")}
      canonical={profileFieldsDashboardPath}
      intro={t("Fields members fill in on their profile. Each field says who sees it and who may change it.")}
      addLabel={t("Add Field")}
      addForm={<FieldForm action={action} busy={busy} result={creating} />}
      addClassName={styles.add}
      count={fields.length}
    >
      {fields.length === 0 ? (
        <p>{t("There are no profile fields yet.")}</p>
      ) : (
        <table className={sheet.table}>
          <caption className="visually-hidden">{t("Profile fields, in their order")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("Field")}</th>
              <th scope="col">{t("Who sees it")}</th>
              <th scope="col">{t("Order")}</th>
              <th scope="col">{t("Status")}</th>
              <th scope="col">
                <span className="visually-hidden">{t("Edit")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {fields.map((field, index) => (
              <FieldRow
                key={field.apiName}
                field={field}
                index={index}
                count={fields.length}
                action={action}
                busy={busy}
                result={result}
              />
            ))}
          </tbody>
        </table>
      )}
    </DashboardListPage>
  );
}
