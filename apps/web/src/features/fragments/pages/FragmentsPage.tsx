import { __iconData as puzzleIcon } from "lucide-react/icons/puzzle";
import { useSuspenseQuery } from "@tanstack/react-query";
import { Link, useActionData, useNavigation, useSearchParams } from "react-router";
import type { Fragment } from "@parley/contracts";
import { useApi } from "../../../lib/api-context.tsx";
import type { FormResult } from "../../../lib/forms.ts";
import { PageHead } from "../../../lib/head.tsx";
import { t } from "../../../lib/i18n.ts";
import { ButtonLink } from "../../../ui/button/Button.tsx";
import { ConfirmAction } from "../../../ui/confirm/ConfirmAction.tsx";
import { DateTime } from "../../../ui/date/DateTime.tsx";
import { EmptyState } from "../../../ui/empty-state/EmptyState.tsx";
import { FormAlert } from "../../../ui/forms/Form.tsx";
import { lucide } from "../../../ui/icons/icons.tsx";
import { fragmentEditorPath, fragmentsPagePath, fragmentsQuery } from "../fragments.queries.ts";
import styles from "./Fragments.module.css";

const PuzzleIcon = /* @__PURE__ */ lucide(puzzleIcon);

/** A revision's status as a word. */
export function FragmentStatus({ status }: { status: Fragment["status"] }) {
  const label = status === "active" ? t("Active") : status === "draft" ? t("Draft") : t("Past revision");
  return <span className={`${styles.badge} ${styles[status] ?? ""}`}>{label}</span>;
}

/**
 * `/dashboard/fragments`: the site's fragments in a table (name, type, status, where applied, last change), each with
 * Edit and Delete (asked first); Add fragment opens the editor.
 */
export function FragmentsPage() {
  const api = useApi();
  const { data: fragments } = useSuspenseQuery(fragmentsQuery(api));
  const result = useActionData<FormResult>();
  const busy = useNavigation().state === "submitting";
  const [search] = useSearchParams();
  const deleted = search.get("deleted");
  const deleting = fragments.find((fragment) => fragment.fragmentUUID === search.get("delete"));
  return (
    <section className={styles.page} aria-labelledby="fragments-title">
      <PageHead title={t("Fragments")} canonical={fragmentsPagePath} noindex />
      <div className={styles.headline}>
        <h1 id="fragments-title" className={styles.title}>
          {t("Fragments")}
        </h1>
        <ButtonLink to={`${fragmentsPagePath}/add`} buttonType="primary">
          {t("Add fragment")}
        </ButtonLink>
      </div>
      <p className={styles.note}>
        {t(
          "A fragment is your own widget: JavaScript and CSS you write, kept in revisions. A layout places it; pages run its active revision in a sandboxed frame.",
        )}
      </p>
      {result && !result.ok && result.message ? <FormAlert>{result.message}</FormAlert> : null}
      {deleted && !result ? (
        <FormAlert kind="success">{t("“{name}” has been deleted.", { name: deleted })}</FormAlert>
      ) : null}
      {deleting ? (
        <ConfirmAction
          id="fragment-delete"
          title={t("Delete “{name}”?", { name: deleting.name })}
          text={t("Its revisions are deleted with it. Layouts that place it show 'Error Loading Fragment' instead.")}
          fields={{ intent: "delete", fragmentUUID: deleting.fragmentUUID, name: deleting.name }}
          cancelTo={fragmentsPagePath}
          busy={busy}
        />
      ) : null}
      {fragments.length === 0 ? (
        <EmptyState icon={<PuzzleIcon size={32} strokeWidth={1.5} />} compact>
          {t("No fragments yet. Add fragment writes one.")}
        </EmptyState>
      ) : (
        <div className={styles.scroll} role="region" aria-labelledby="fragments-title" tabIndex={0}>
          <table className={styles.table} aria-labelledby="fragments-title">
            <thead>
              <tr>
                <th scope="col">{t("Name")}</th>
                <th scope="col">{t("Type")}</th>
                <th scope="col">{t("Status")}</th>
                <th scope="col">{t("Applied")}</th>
                <th scope="col">{t("Last change")}</th>
                <th scope="col">
                  <span className="visually-hidden">{t("Actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {fragments.map((fragment) => (
                <tr key={fragment.fragmentUUID}>
                  <th scope="row">
                    <Link to={fragmentEditorPath(fragment.fragmentUUID)} className={styles.name}>
                      {fragment.name}
                    </Link>
                  </th>
                  <td>{fragment.fragmentType}</td>
                  <td>
                    <FragmentStatus status={fragment.status} />
                  </td>
                  <td>
                    {fragment.isApplied
                      ? fragment.fragmentViews.map((view) => view.recordName).join(", ")
                      : t("Not applied")}
                  </td>
                  <td>
                    <DateTime date={fragment.dateRevisionInserted} />
                  </td>
                  <td>
                    <div className={styles.actions}>
                      <ButtonLink
                        to={fragmentEditorPath(fragment.fragmentUUID)}
                        buttonType="standard"
                        aria-label={t("Edit “{name}”", { name: fragment.name })}
                      >
                        {t("Edit")}
                      </ButtonLink>
                      <ButtonLink
                        to={`${fragmentsPagePath}?delete=${fragment.fragmentUUID}`}
                        buttonType="standard"
                        aria-label={t("Delete “{name}”", { name: fragment.name })}
                      >
                        {t("Delete")}
                      </ButtonLink>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
