import { useSuspenseQuery } from "@tanstack/react-query";
import type { PostType } from "@parley/contracts";
import { postTypeRules, postTypesDashboardPath, postFieldsDashboardPath } from "@parley/contracts/post-types-constants";
import { discussionTypes } from "@parley/contracts/categories-constants";
import { Link } from "react-router";
import { useApi } from "../../../lib/api-context.tsx";
import type { FormResult } from "../../../lib/forms.ts";
import { t } from "../../../lib/i18n.ts";
import { CheckboxChoices } from "../../../ui/forms/CheckboxChoices.tsx";
import { CheckboxField, SelectField, SubmitButton, TextAreaField, TextField } from "../../../ui/forms/Form.tsx";
import { DashboardListPage, DashboardRecordForm, useDashboardListState } from "../../../ui/page/DashboardListPage.tsx";
import { DashboardRowActions } from "../../../ui/page/DashboardRowActions.tsx";
import { RecordIDField } from "./RecordIDField.tsx";
import { categoryListQuery } from "../../categories/index.ts";
import { flattenCategories, originalTypeLabels } from "../post-types.dashboard.ts";
import { allPostTypesQuery, postFieldsQuery } from "../post-types.queries.ts";
import sheet from "../../../ui/page/DashboardTable.module.css";
import styles from "./PostTypesPages.module.css";

/** A site post type's inputs: its ID and parent only when adding (both are fixed once made). */
function PostTypeForm({
  type,
  action,
  busy,
  result,
}: {
  type?: PostType;
  action: string;
  busy: boolean;
  result?: FormResult | undefined;
}) {
  const api = useApi();
  const { data: tree } = useSuspenseQuery(categoryListQuery(api, { maxDepth: 5 }));
  const { data: fields } = useSuspenseQuery(postFieldsQuery(api));
  const value = (name: string, saved: string) => result?.values?.[name] ?? saved;
  const listed = (name: string, saved: readonly (string | number)[]) =>
    (result?.values ? (result.values[name] ?? "").split(",") : saved.map(String)).filter(Boolean);
  const error = (name: string) => result?.errors?.[name];
  const categories = listed("categoryIDs", type?.categoryIDs ?? []);
  const chosenFields = listed("postFieldIDs", type?.postFields?.map((field) => field.postFieldID) ?? []);
  const prefix = type ? `type-${type.postTypeID}` : "type-new";
  return (
    <DashboardRecordForm action={action} editing={type !== undefined} result={result}>
      <TextField
        label={t("Name")}
        name="name"
        required
        maxLength={postTypeRules.nameMaxLength}
        defaultValue={value("name", type?.name ?? "")}
        error={error("name")}
      />
      <RecordIDField
        name="postTypeID"
        saved={type?.postTypeID}
        value={value("postTypeID", "")}
        error={error("postTypeID")}
      />
      {type ? null : (
        <>
          <SelectField
            label={t("Kind of")}
            name="parentPostTypeID"
            defaultValue={value("parentPostTypeID", "discussion")}
            options={discussionTypes.map((id) => ({ value: id, label: t(originalTypeLabels[id] ?? id) }))}
            error={error("parentPostTypeID")}
          />
        </>
      )}
      <TextField
        label={t("Post button label")}
        name="postButtonLabel"
        maxLength={postTypeRules.nameMaxLength}
        hint={t("Shown on the new-post form's link; “New {name}” when empty.")}
        defaultValue={value("postButtonLabel", type?.postButtonLabel ?? "")}
        error={error("postButtonLabel")}
      />
      <TextAreaField
        label={t("Helper text")}
        name="postHelperText"
        rows={2}
        maxLength={postTypeRules.helperTextMaxLength}
        defaultValue={value("postHelperText", type?.postHelperText ?? "")}
        error={error("postHelperText")}
      />
      <fieldset className={styles.choices} aria-describedby={`${prefix}-categories-hint`}>
        <legend>{t("Categories that take it")}</legend>
        <p id={`${prefix}-categories-hint`} className={styles.hint}>
          {t("Members post it only in the categories checked.")}
        </p>
        {flattenCategories(tree).map((category) => (
          <div key={category.id} style={{ paddingInlineStart: `${category.depth * 16}px` }}>
            <CheckboxField
              label={category.name}
              name="categoryIDs"
              value={String(category.id)}
              defaultChecked={categories.includes(String(category.id))}
            />
          </div>
        ))}
        {error("categoryIDs") ? <p className={styles.error}>{error("categoryIDs")}</p> : null}
      </fieldset>
      <fieldset className={styles.choices}>
        <legend>{t("Its fields")}</legend>
        {fields.length === 0 ? (
          <p className={styles.hint}>
            <Link to={postFieldsDashboardPath}>{t("Add post fields first.")}</Link>
          </p>
        ) : (
          <CheckboxChoices
            name="postFieldIDs"
            choices={fields.map((field) => ({ value: field.postFieldID, label: field.label }))}
            checked={chosenFields}
          />
        )}
      </fieldset>
      <CheckboxField
        label={t("Active")}
        name="isActive"
        defaultChecked={value("isActive", type?.isActive === false ? "" : "1") === "1"}
      />
      <SubmitButton busy={busy}>{type ? t("Save") : t("Add Post Type")}</SubmitButton>
    </DashboardRecordForm>
  );
}

/** `/dashboard/settings/post-types` (the post types add-on): the original types, then the site's own, each edited in place. */
export function PostTypesPage() {
  const api = useApi();
  const { data: types } = useSuspenseQuery(allPostTypesQuery(api));
  const { action, busy, result, creating } = useDashboardListState();
  return (
    <DashboardListPage
      id="post-types-title"
      title={t("Post Types")}
      canonical={postTypesDashboardPath}
      intro={
        <>
          {t(
            "Kinds of posts of the site's own, each a kind of discussion, question, idea or poll, with fields members fill in.",
          )}{" "}
          <Link to={postFieldsDashboardPath}>{t("Post Fields")}</Link>
        </>
      }
      addLabel={t("Add Post Type")}
      addForm={<PostTypeForm action={action} busy={busy} result={creating} />}
      addClassName={styles.add}
      count={types.length}
    >
      <table className={sheet.table}>
        <caption className="visually-hidden">{t("Post types")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("Post type")}</th>
            <th scope="col">{t("Kind of")}</th>
            <th scope="col">{t("Status")}</th>
            <th scope="col">
              <span className="visually-hidden">{t("Edit")}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {types.map((type) => {
            const mine =
              result && result.values?.["postTypeID"] === type.postTypeID && result.values?.["intent"] !== "create"
                ? result
                : undefined;
            const editing = mine && !mine.ok && mine.values?.["intent"] === "edit" ? mine : undefined;
            return (
              <tr key={type.postTypeID} aria-label={type.name}>
                <th scope="row" className={sheet.name}>
                  <span>{type.isOriginal ? t(originalTypeLabels[type.postTypeID] ?? type.name) : type.name}</span>
                  <span className={sheet.facts}>
                    {type.postTypeID}
                    {type.postFields?.length
                      ? ` · ${t("{count} fields", { count: String(type.postFields.length) })}`
                      : ""}
                  </span>
                </th>
                <td data-label={t("Kind of")}>
                  {type.parentPostTypeID
                    ? t(originalTypeLabels[type.parentPostTypeID] ?? type.parentPostTypeID)
                    : t("Original")}
                </td>
                <td data-label={t("Status")}>
                  <span className={type.isActive ? sheet.on : sheet.off}>
                    {type.isActive ? t("Active") : t("Inactive")}
                  </span>
                </td>
                {type.isOriginal ? (
                  <td className={sheet.editCell} />
                ) : (
                  <DashboardRowActions
                    name={type.name}
                    action={action}
                    busy={busy}
                    editing={editing !== undefined}
                    editForm={<PostTypeForm type={type} action={action} busy={busy} result={editing} />}
                    hidden={{ postTypeID: type.postTypeID, name: type.name }}
                    confirming={mine?.values?.["confirm"] === "delete"}
                    confirmText={t("Delete “{name}”? Members can no longer post it; its posts keep their values.", {
                      name: type.name,
                    })}
                    failure={mine && !mine.ok && !editing ? mine.message : undefined}
                  />
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </DashboardListPage>
  );
}
