import { useSuspenseQuery } from "@tanstack/react-query";
import { useQuery } from "../../../../lib/query.ts";
import type { Category, CategoryTreeItem } from "@parley/contracts";
import { categoryDisplayAs, type CategoryDisplayAs } from "@parley/contracts/categories-constants";
import { useEffect, useState } from "react";
import { Form, Link, useActionData, useNavigation, useParams } from "react-router";
import { useApi } from "../../../../lib/api-context.tsx";
import type { FormResult } from "../../../../lib/forms.ts";
import { PageHead } from "../../../../lib/head.tsx";
import { t } from "../../../../lib/i18n.ts";
import { TransientKeyField } from "../../../../lib/session.tsx";
import {
  FormAlert,
  formStyles,
  SelectField,
  SubmitButton,
  TextAreaField,
  TextField,
} from "../../../../ui/forms/Form.tsx";
import { meQuery } from "../../../users/index.ts";
import { canSetCategoryPermissions, categoriesDashboardPath } from "../../categories.dashboard.paths.ts";
import {
  categoryPostTypesQuery,
  categoryRolesQuery,
  categoryTreeQuery,
  dashboardCategoryQuery,
} from "../../categories.dashboard.queries.ts";
import { subtreeIDs, treeEntries } from "../../categories.tree.ts";
import { CategoryImageFields, CategoryPostTypesField } from "./CategoryMediaFields.tsx";
import { CategoryPermissionsMatrix } from "./CategoryPermissions.tsx";
import styles from "./CategoriesDashboard.module.css";

const displayLabels = (): Record<CategoryDisplayAs, string> => ({
  discussions: t("Discussions"),
  categories: t("Nested categories"),
  flat: t("Flat (categories and discussions)"),
  heading: t("Heading"),
});

/** The parents to choose: the top level, then every category but this one and its own subcategories, indented. */
function parentOptions(tree: CategoryTreeItem[], category: Category | undefined) {
  const entry = category ? treeEntries(tree).find((e) => e.category.categoryID === category.categoryID) : undefined;
  const excluded = new Set(entry ? subtreeIDs(entry.category) : []);
  return [
    { value: "-1", label: t("(Top level)") },
    ...treeEntries(tree)
      .filter((e) => !excluded.has(e.category.categoryID))
      .map((e) => ({
        value: String(e.category.categoryID),
        label: `${"\u2003".repeat(Math.max(e.category.depth - 1, 0))}${e.category.name}`,
      })),
  ];
}

/** `/dashboard/categories/add` and `/{id}/edit`: the details, and what each role may do in the category. */
export function CategoryEditPage() {
  const api = useApi();
  const raw = useParams()["categoryID"];
  const categoryID = raw === undefined ? null : Number(raw);
  const { data: tree } = useSuspenseQuery(categoryTreeQuery(api));
  const { data: me } = useSuspenseQuery(meQuery(api));
  const { data: siteTypes } = useSuspenseQuery(categoryPostTypesQuery(api));
  const { data: category } = useQuery({
    ...dashboardCategoryQuery(api, categoryID ?? 0),
    enabled: categoryID !== null,
  });
  const setsPermissions = canSetCategoryPermissions(me);
  const { data: roles } = useQuery({ ...categoryRolesQuery(api), enabled: setsPermissions });
  const result = useActionData<FormResult>();
  const busy = useNavigation().state === "submitting";
  const values = result?.values;
  const errors = result?.errors ?? {};
  const value = (name: string, fallback: string) => values?.[name] ?? fallback;
  const [custom, setCustom] = useState(values ? values["customPermissions"] === "1" : !!category?.customPermissions);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const title = category ? t("Edit “{name}”", { name: category.name }) : t("Add Category");
  // A refused submission's boxes, when they were meant (its own permissions on).
  const kept =
    values?.["customPermissions"] === "1" ? new Set((values["grants"] ?? "").split(" ").filter(Boolean)) : undefined;
  const labels = displayLabels();

  return (
    <section className={styles.page} aria-labelledby="category-edit-title">
      <PageHead title={title} noindex />
      <p className={styles.note}>
        <Link to={categoriesDashboardPath}>{t("← Categories")}</Link>
      </p>
      <h1 id="category-edit-title" className={styles.title}>
        {title}
      </h1>
      {result?.message ? <FormAlert>{result.message}</FormAlert> : null}
      {/* Multipart, for the icon and banner files: posted as a page form (the server reads the files), so JavaScript or not. */}
      <Form method="post" encType="multipart/form-data" reloadDocument className={styles.stack}>
        <TransientKeyField />
        <TextField
          label={t("Name")}
          name="name"
          required
          maxLength={255}
          defaultValue={value("name", category?.name ?? "")}
          error={errors["name"]}
        />
        <TextField
          label={t("URL code")}
          name="urlcode"
          required
          maxLength={255}
          pattern="[a-z0-9][a-z0-9\-]*"
          hint={t("Lower-case letters, digits and hyphens: the end of the category’s address.")}
          defaultValue={value("urlcode", category?.urlcode ?? "")}
          error={errors["urlcode"]}
        />
        <TextAreaField
          label={t("Description")}
          name="description"
          rows={3}
          maxLength={2000}
          defaultValue={value("description", category?.description ?? "")}
          error={errors["description"]}
        />
        <SelectField
          label={t("Parent category")}
          name="parentCategoryID"
          defaultValue={value("parentCategoryID", String(category?.parentCategoryID ?? -1))}
          options={parentOptions(tree, category)}
          error={errors["parentCategoryID"]}
        />
        <SelectField
          label={t("Display as")}
          name="displayAs"
          defaultValue={value("displayAs", category?.displayAs ?? "discussions")}
          options={categoryDisplayAs.map((option) => ({ value: option, label: labels[option] }))}
          error={errors["displayAs"]}
        />
        <label className={formStyles.checkbox}>
          <input
            type="checkbox"
            name="isArchived"
            value="1"
            defaultChecked={value("isArchived", category?.isArchived ? "1" : "") === "1"}
          />
          {t("Archived: read only, left out of the discussion lists")}
        </label>
        <label className={formStyles.checkbox}>
          <input
            type="checkbox"
            name="featured"
            value="1"
            defaultChecked={value("featured", category?.featured ? "1" : "") === "1"}
          />
          {t("Featured: listed by the home page's categories widget when it shows featured categories")}
        </label>
        <CategoryImageFields category={category} errors={errors} />
        <CategoryPostTypesField
          category={category}
          kept={values ? (values["allowedDiscussionTypes"] ?? "").split(" ").filter(Boolean) : undefined}
          error={errors["allowedDiscussionTypes"]}
          siteTypes={siteTypes}
          keptSiteTypes={values ? (values["allowedPostTypeIDs"] ?? "").split(" ").filter(Boolean) : undefined}
          siteTypesError={errors["allowedPostTypeIDs"]}
        />
        <fieldset className={styles.fieldset}>
          <legend>{t("Permissions")}</legend>
          <div className={styles.choices}>
            <label className={formStyles.checkbox}>
              <input
                type="checkbox"
                name="customPermissions"
                value="1"
                checked={custom}
                disabled={!setsPermissions}
                onChange={(event) => setCustom(event.target.checked)}
              />
              {t("This category has its own permissions")}
            </label>
            <p className={styles.note}>
              {t("Otherwise it follows its parent’s (or the site’s defaults at the top level).")}
            </p>
            {!setsPermissions ? (
              <p className={styles.note}>{t("Only site managers set what each role may do here.")}</p>
            ) : roles && (custom || !hydrated) ? (
              <CategoryPermissionsMatrix
                roles={roles}
                categoryID={categoryID}
                custom={!!category?.customPermissions}
                kept={kept}
              />
            ) : null}
            {errors["permissions"] ? <p className={formStyles.error}>{errors["permissions"]}</p> : null}
          </div>
        </fieldset>
        <SubmitButton busy={busy}>{t("Save")}</SubmitButton>
      </Form>
    </section>
  );
}
