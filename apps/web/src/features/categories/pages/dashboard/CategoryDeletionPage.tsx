import { useEffect } from "react";
import { useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { Link, useLocation, useParams, useSearchParams } from "react-router";
import { useApi } from "../../../../lib/api-context.tsx";
import { PageHead } from "../../../../lib/head.tsx";
import { currentLocale, t } from "../../../../lib/i18n.ts";
import { ButtonLink } from "../../../../ui/button/Button.tsx";
import { FormAlert } from "../../../../ui/forms/Form.tsx";
import { categoriesDashboardPath, categoryDeletePath } from "../../categories.dashboard.paths.ts";
import { categoryDashboardKeys, categoryDeletionQuery } from "../../categories.dashboard.queries.ts";
import styles from "./CategoriesDashboard.module.css";

/** Seconds between the page's own reloads without JavaScript (with it, the progress is asked every second). */
const REFRESH_SECONDS = 2;

/**
 * `/dashboard/categories/{id}/delete/{jobTrackingID}`: a category's deletion as it goes on in the background, its
 * discussions moved or deleted in batches, then the category. A progress bar with "N of M discussions"; without
 * JavaScript the page reloads itself (and "Check again" does it at once), with it the progress is polled.
 */
export function CategoryDeletionPage() {
  const api = useApi();
  const queryClient = useQueryClient();
  const params = useParams();
  const categoryID = Number(params["categoryID"]);
  const jobTrackingID = params["jobTrackingID"] ?? "";
  const [search] = useSearchParams();
  const location = useLocation();
  const name = search.get("name") ?? "";
  const moving = search.get("content") !== "delete";
  const { data } = useSuspenseQuery(categoryDeletionQuery(api, jobTrackingID));
  const { countTotalIDs: total, countSuccess, countFailed } = data.progress;
  const done = countSuccess + countFailed;
  const going = data.status === "intended";

  useEffect(() => {
    if (!going) void queryClient.invalidateQueries({ queryKey: categoryDashboardKeys.tree });
  }, [going, queryClient]);

  const title =
    data.status === "complete"
      ? t("Deleted “{name}”", { name })
      : data.status === "failed"
        ? t("Deletion of “{name}” stopped", { name })
        : t("Deleting “{name}”", { name });
  const counted =
    total === 1
      ? t("{done} of 1 discussion", { done: done.toLocaleString(currentLocale()) })
      : t("{done} of {total} discussions", {
          done: done.toLocaleString(currentLocale()),
          total: total.toLocaleString(currentLocale()),
        });

  return (
    <section className={styles.page} aria-labelledby="category-deletion-title">
      <PageHead title={title} noindex {...(going ? { refreshSeconds: REFRESH_SECONDS } : {})} />
      <p className={styles.note}>
        <Link to={categoriesDashboardPath}>{t("← Categories")}</Link>
      </p>
      <h1 id="category-deletion-title" className={styles.title}>
        {title}
      </h1>
      <div className={styles.progress}>
        <label htmlFor="category-deletion-progress">{moving ? t("Discussions moved") : t("Discussions deleted")}</label>
        {/* An empty category has nothing to count: the bar is full once it is done. */}
        <progress id="category-deletion-progress" max={Math.max(total, 1)} value={total === 0 && !going ? 1 : done}>
          {counted}
        </progress>
        <p role="status" className={styles.note}>
          {counted}
        </p>
      </div>
      {data.status === "complete" ? (
        <>
          <FormAlert kind="success">{t("“{name}” has been deleted.", { name })}</FormAlert>
          <p className={styles.buttons}>
            <ButtonLink to={categoriesDashboardPath} buttonType="primary">
              {t("Back to Categories")}
            </ButtonLink>
          </p>
        </>
      ) : data.status === "failed" ? (
        <>
          <FormAlert>
            {t("The deletion stopped before the end (error {status}). “{name}” is still there with what is left.", {
              status: String(data.failureStatus),
              name,
            })}
          </FormAlert>
          <p className={styles.buttons}>
            <ButtonLink to={categoryDeletePath(categoryID)} buttonType="standard">
              {t("Try Again")}
            </ButtonLink>
            <ButtonLink to={categoriesDashboardPath} buttonType="standard">
              {t("Back to Categories")}
            </ButtonLink>
          </p>
        </>
      ) : (
        <p className={styles.note}>
          {t("This goes on in the background; you may leave the page.")}{" "}
          <a href={`${location.pathname}${location.search}`}>{t("Check again")}</a>
        </p>
      )}
    </section>
  );
}
