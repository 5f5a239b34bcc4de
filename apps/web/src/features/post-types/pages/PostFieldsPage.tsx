import { useSuspenseQuery } from "@tanstack/react-query";
import type { PostField } from "@parley/contracts";
import { postFieldsDashboardPath, postTypeRules, postTypesDashboardPath } from "@parley/contracts/post-types-constants";
import { Link } from "react-router";
import { useApi } from "../../../lib/api-context.tsx";
import type { FormResult } from "../../../lib/forms.ts";
import { t } from "../../../lib/i18n.ts";
import { CheckboxField, SelectField, SubmitButton, TextAreaField, TextField } from "../../../ui/forms/Form.tsx";
import { DashboardListPage, DashboardRecordForm, useDashboardListState } from "../../../ui/page/DashboardListPage.tsx";
import { DashboardRowActions } from "../../../ui/page/DashboardRowActions.tsx";
import { RecordIDField } from "./RecordIDField.tsx";
import { fieldKinds, kindOf } from "../../profile-fields/index.ts";
import { postFieldVisibilityLabels } from "../post-types.dashboard.ts";
import { allPostTypesQuery, postFieldsQuery } from "../post-types.queries.ts";
import sheet from "../../../ui/page/DashboardTable.module.css";
import styles from "./PostTypesPages.module.css";

/** A post field's inputs: its ID, kind and first post type only when adding (fixed once made). */
function PostFieldForm({
  field,
  action,
  busy,
  result,
}: {
  field?: PostField;
  action: string;
  busy: boolean;
  result?: FormResult | undefined;
}) {
  const api = useApi();
  const { data: types } = useSuspenseQuery(allPostTypesQuery(api));
  const value = (name: string, saved: string) => result?.values?.[name] ?? saved;
  const checked = (name: string, saved: boolean) => (result?.values ? result.values[name] === "1" : saved);
  const error = (name: string) => result?.errors?.[name];
  return (
    <DashboardRecordForm action={action} editing={field !== undefined} result={result}>
      <TextField
        label={t("Label")}
        name="label"
        required
        maxLength={postTypeRules.labelMaxLength}
        defaultValue={value("label", field?.label ?? "")}
        error={error("label")}
      />
      <RecordIDField
        name="postFieldID"
        saved={field?.postFieldID}
        value={value("postFieldID", "")}
        error={error("postFieldID")}
      />
      {field ? null : (
        <>
          <SelectField
            label={t("Type")}
            name="kind"
            defaultValue={value("kind", "text")}
            options={Object.entries(fieldKinds).map(([kind, { label }]) => ({ value: kind, label: t(label) }))}
            error={error("formType") ?? error("dataType")}
          />
          <SelectField
            label={t("Post type")}
            name="postTypeID"
            defaultValue={value("postTypeID", "")}
            options={[
              { value: "", label: t("None yet") },
              ...types.map((type) => ({ value: type.postTypeID, label: type.name })),
            ]}
            error={error("postTypeID")}
          />
        </>
      )}
      <TextAreaField
        label={t("Description")}
        name="description"
        rows={2}
        maxLength={postTypeRules.descriptionMaxLength}
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
        options={Object.entries(postFieldVisibilityLabels).map(([key, label]) => ({ value: key, label: t(label) }))}
        error={error("visibility")}
      />
      <CheckboxField
        label={t("Required")}
        name="isRequired"
        defaultChecked={checked("isRequired", field?.isRequired ?? false)}
      />
      <CheckboxField
        label={t("Active")}
        name="isActive"
        defaultChecked={checked("isActive", field?.isActive ?? true)}
      />
      <SubmitButton busy={busy}>{field ? t("Save") : t("Add Field")}</SubmitButton>
    </DashboardRecordForm>
  );
}

/** `/dashboard/settings/post-fields` (the post types add-on): the post fields, each edited in place. */
export function PostFieldsPage() {
  const api = useApi();
  const { data: fields } = useSuspenseQuery(postFieldsQuery(api));
  const { action, busy, result, creating } = useDashboardListState();
  return (
    <DashboardListPage
      id="post-fields-title"
      title={t("Post Fields")}
      canonical={postFieldsDashboardPath}
      intro={
        <>
          {t("Fields members fill in when they post a post type that has them. Each field says who sees its value.")}{" "}
          <Link to={postTypesDashboardPath}>{t("Post Types")}</Link>
        </>
      }
      addLabel={t("Add Field")}
      addForm={<PostFieldForm action={action} busy={busy} result={creating} />}
      addClassName={styles.add}
      count={fields.length}
    >
      {fields.length === 0 ? (
        <p>{t("There are no post fields yet.")}</p>
      ) : (
        <table className={sheet.table}>
          <caption className="visually-hidden">{t("Post fields")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("Field")}</th>
              <th scope="col">{t("Who sees it")}</th>
              <th scope="col">{t("Status")}</th>
              <th scope="col">
                <span className="visually-hidden">{t("Edit")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {fields.map((field) => {
              const mine =
                result && result.values?.["postFieldID"] === field.postFieldID && result.values?.["intent"] !== "create"
                  ? result
                  : undefined;
              const editing = mine && !mine.ok && mine.values?.["intent"] === "edit" ? mine : undefined;
              return (
                <tr key={field.postFieldID} aria-label={field.label}>
                  <th scope="row" className={sheet.name}>
                    <span>{field.label}</span>
                    <span className={sheet.facts}>
                      {field.postFieldID} · {t(fieldKinds[kindOf(field)].label)}
                      {field.isRequired ? ` · ${t("Required")}` : ""}
                      {field.postTypeIDs.length ? ` · ${field.postTypeIDs.join(", ")}` : ""}
                    </span>
                  </th>
                  <td data-label={t("Who sees it")}>{t(postFieldVisibilityLabels[field.visibility])}</td>
                  <td data-label={t("Status")}>
                    <span className={field.isActive ? sheet.on : sheet.off}>
                      {field.isActive ? t("Active") : t("Inactive")}
                    </span>
                  </td>
                  <DashboardRowActions
                    name={field.label}
                    action={action}
                    busy={busy}
                    editing={editing !== undefined}
                    editForm={<PostFieldForm field={field} action={action} busy={busy} result={editing} />}
                    hidden={{ postFieldID: field.postFieldID, label: field.label }}
                    confirming={mine?.values?.["confirm"] === "delete"}
                    confirmText={t("Delete “{name}” and every post's value of it? This cannot be undone.", {
                      name: field.label,
                    })}
                    failure={mine && !mine.ok && !editing ? mine.message : undefined}
                  />
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </DashboardListPage>
  );
}
