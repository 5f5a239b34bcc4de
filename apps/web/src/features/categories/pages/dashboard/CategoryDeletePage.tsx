import { useSuspenseQuery } from "@tanstack/react-query";
import { Form, Link, useActionData, useNavigation, useParams } from "react-router";
import { useApi } from "../../../../lib/api-context.tsx";
import type { FormResult } from "../../../../lib/forms.ts";
import { PageHead } from "../../../../lib/head.tsx";
import { currentLocale, t } from "../../../../lib/i18n.ts";
import { TransientKeyField } from "../../../../lib/session.tsx";
import { Button, ButtonLink } from "../../../../ui/button/Button.tsx";
import { FormAlert, formStyles, SelectField } from "../../../../ui/forms/Form.tsx";
import { categoriesDashboardPath, categoryDeletePath } from "../../categories.dashboard.paths.ts";
import { categoryTreeQuery, dashboardCategoryQuery } from "../../categories.dashboard.queries.ts";
import { subtreeIDs, treeEntries } from "../../categories.tree.ts";
import styles from "./CategoriesDashboard.module.css";

/**
 * `/dashboard/categories/{id}/delete`: where its discussions (and subcategories) go, another category or with
 * it; then the confirmation, a second form post.
 */
export function CategoryDeletePage() {
  const api = useApi();
  const categoryID = Number(useParams()["categoryID"]);
  const { data: tree } = useSuspenseQuery(categoryTreeQuery(api));
  const { data: category } = useSuspenseQuery(dashboardCategoryQuery(api, categoryID));
  const result = useActionData<FormResult>();
  const busy = useNavigation().state === "submitting";
  const entries = treeEntries(tree);
  const own = entries.find((entry) => entry.category.categoryID === categoryID);
  const excluded = new Set(own ? subtreeIDs(own.category) : [categoryID]);
  const targets = entries
    .filter((entry) => !excluded.has(entry.category.categoryID))
    .map((entry) => ({
      value: String(entry.category.categoryID),
      label: `${"\u2003".repeat(Math.max(entry.category.depth - 1, 0))}${entry.category.name}`,
    }));
  const values = result?.values ?? {};
  const confirming = values["confirm"] === "yes";
  const content = values["content"] ?? "move";
  const target = targets.find((option) => option.value === values["newCategoryID"])?.label.trim();
  const title = t("Delete “{name}”", { name: category.name });

  return (
    <section className={styles.page} aria-labelledby="category-delete-title">
      <PageHead title={title} noindex />
      <p className={styles.note}>
        <Link to={categoriesDashboardPath}>{t("← Categories")}</Link>
      </p>
      <h1 id="category-delete-title" className={styles.title}>
        {title}
      </h1>
      {result?.message ? <FormAlert>{result.message}</FormAlert> : null}
      {confirming ? (
        <section
          className={styles.confirm}
          role="alertdialog"
          aria-labelledby="category-confirm-title"
          aria-describedby="category-confirm-text"
        >
          <h2 id="category-confirm-title">{t("Delete “{name}”?", { name: category.name })}</h2>
          <p id="category-confirm-text">
            {content === "move"
              ? t("Its discussions and subcategories will move to “{target}”. This cannot be undone.", {
                  target: target ?? "",
                })
              : t("Its subcategories and every discussion and comment in them will be deleted. This cannot be undone.")}
          </p>
          <Form method="post" className={styles.buttons}>
            <TransientKeyField />
            <input type="hidden" name="name" value={category.name} />
            <input type="hidden" name="content" value={content} />
            <input type="hidden" name="newCategoryID" value={values["newCategoryID"] ?? ""} />
            <input type="hidden" name="confirmed" value="yes" />
            <Button type="submit" buttonType="primary" isPending={busy} autoFocus>
              {t("Delete")}
            </Button>
            <ButtonLink to={categoryDeletePath(categoryID)} buttonType="standard">
              {t("Cancel")}
            </ButtonLink>
          </Form>
        </section>
      ) : (
        <Form method="post" className={styles.stack}>
          <TransientKeyField />
          <input type="hidden" name="name" value={category.name} />
          <p className={styles.note}>
            {t("“{name}” has {discussions} and {categories}.", {
              name: category.name,
              discussions:
                category.countAllDiscussions === 1
                  ? t("1 discussion")
                  : t("{count} discussions", { count: category.countAllDiscussions.toLocaleString(currentLocale()) }),
              categories:
                category.countCategories === 1
                  ? t("1 subcategory")
                  : t("{count} subcategories", { count: category.countCategories.toLocaleString(currentLocale()) }),
            })}
          </p>
          <fieldset className={`${styles.fieldset} ${styles.short}`}>
            <legend>{t("Its discussions and subcategories")}</legend>
            <div className={styles.choices}>
              <label className={formStyles.checkbox}>
                <input type="radio" name="content" value="move" defaultChecked={content === "move"} />
                {t("Move them to another category")}
              </label>
              <div className={styles.target}>
                <SelectField
                  label={t("Move them to")}
                  name="newCategoryID"
                  defaultValue={values["newCategoryID"] ?? targets[0]?.value ?? ""}
                  options={targets}
                  error={result?.errors?.["newCategoryID"]}
                />
              </div>
              <label className={formStyles.checkbox}>
                <input type="radio" name="content" value="delete" defaultChecked={content === "delete"} />
                {t("Delete them with it")}
              </label>
              {result?.errors?.["content"] ? <p className={formStyles.error}>{result.errors["content"]}</p> : null}
            </div>
          </fieldset>
          <Button type="submit" buttonType="standard" isPending={busy}>
            {t("Delete…")}
          </Button>
        </Form>
      )}
    </section>
  );
}
