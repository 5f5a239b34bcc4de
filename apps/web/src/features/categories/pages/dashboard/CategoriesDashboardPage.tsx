import { useSuspenseQuery } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useState } from "react";
import { useActionData, useLocation, useNavigation, useSubmit } from "react-router";
import { useApi } from "../../../../lib/api-context.tsx";
import type { FormResult } from "../../../../lib/forms.ts";
import { PageHead } from "../../../../lib/head.tsx";
import { t } from "../../../../lib/i18n.ts";
import { useTransientKey } from "../../../../lib/session.tsx";
import { ButtonLink } from "../../../../ui/button/Button.tsx";
import { FormAlert } from "../../../../ui/forms/Form.tsx";
import { categoriesDashboardPath, categoryAddPath } from "../../categories.dashboard.paths.ts";
import { categoryTreeQuery } from "../../categories.dashboard.queries.ts";
import type { CategoryPlace } from "../../categories.tree.ts";
import { CategoryTree } from "./CategoryTree.tsx";
import styles from "./CategoriesDashboard.module.css";

// Drag and drop loads only here, and only once the page is hydrated: the server's page has the buttons.
const CategoryDragTree = lazy(async () => ({ default: (await import("./CategoryDragTree.tsx")).CategoryDragTree }));

/** `/dashboard/categories`: the tree, each category moved by its buttons or dragged, edited or deleted. */
export function CategoriesDashboardPage() {
  const api = useApi();
  const { data: tree } = useSuspenseQuery(categoryTreeQuery(api));
  const result = useActionData<FormResult>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  const saved = search.get("saved");
  const deleted = search.get("deleted");
  const submit = useSubmit();
  const transientKey = useTransientKey();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  // After a move by a button the row may be in another list, rendered anew: the focus goes back to that button
  // (or, when it cannot move that way again, to the row's first button that can).
  useEffect(() => {
    const id = result?.values?.["categoryID"];
    const move = result?.values?.["move"];
    if (!result?.ok || !id || !move) return;
    const row = document.querySelector(`li[data-category-id="${id}"]`);
    const buttons = [...(row?.querySelector("form")?.querySelectorAll("button") ?? [])];
    const same = buttons.find((button) => button.value === move && !button.disabled);
    (same ?? buttons.find((button) => !button.disabled))?.focus();
  }, [result]);

  const handlePlace = (categoryID: number, place: CategoryPlace) => {
    const form = new FormData();
    if (transientKey) form.set("transientKey", transientKey);
    form.set("intent", "place");
    form.set("categoryID", String(categoryID));
    form.set("parentCategoryID", String(place.parentCategoryID));
    form.set("sort", String(place.sort));
    void submit(form, { method: "post", action: categoriesDashboardPath });
  };

  const plain = <CategoryTree tree={tree} action={categoriesDashboardPath} busy={busy} />;
  return (
    <section className={styles.page} aria-labelledby="categories-title">
      <PageHead title={t("Categories")} canonical={categoriesDashboardPath} noindex />
      <div className={styles.head}>
        <h1 id="categories-title" className={styles.title}>
          {t("Categories")}
        </h1>
        <ButtonLink to={categoryAddPath} buttonType="primary">
          {t("Add Category")}
        </ButtonLink>
      </div>
      {result?.message ? <FormAlert kind={result.ok ? "success" : "error"}>{result.message}</FormAlert> : null}
      {!result && saved ? <FormAlert kind="success">{t("“{name}” has been saved.", { name: saved })}</FormAlert> : null}
      {!result && deleted ? (
        <FormAlert kind="success">{t("“{name}” has been deleted.", { name: deleted })}</FormAlert>
      ) : null}
      <p className={styles.note}>
        {hydrated
          ? t(
              "Drag a category by its handle, or use its buttons: up and down among its siblings, in under the one above, out to its parent’s level.",
            )
          : t(
              "Move a category with its buttons: up and down among its siblings, in under the one above, out to its parent’s level.",
            )}
      </p>
      {tree.length === 0 ? (
        <p className={styles.empty}>{t("There are no categories yet.")}</p>
      ) : hydrated ? (
        <Suspense fallback={plain}>
          <CategoryDragTree tree={tree} action={categoriesDashboardPath} busy={busy} onPlace={handlePlace} />
        </Suspense>
      ) : (
        plain
      )}
    </section>
  );
}
