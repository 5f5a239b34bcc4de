import { useSuspenseQuery } from "@tanstack/react-query";
import { useSearchParams } from "react-router";
import { automationRulesLimits, automationRulesPagePath } from "@parley/contracts/automation-rules-constants";
import type { AutomationDispatch } from "@parley/contracts";
import { useApi } from "../../../lib/api-context.tsx";
import { t } from "../../../lib/i18n.ts";
import { pageParam } from "../../../lib/route-errors.ts";
import { DateTime } from "../../../ui/date/DateTime.tsx";
import { Pager } from "../../../ui/pager/Pager.tsx";
import { automationDispatchesQuery } from "../automation.queries.ts";
import styles from "./Automation.module.css";

const typeLabel = (type: AutomationDispatch["dispatchType"]) =>
  ({ manual: t("Run now"), initial: t("First run"), triggered: t("Automatic") })[type];

const statusLabel = (status: AutomationDispatch["dispatchStatus"]) =>
  ({
    queued: t("Queued"),
    running: t("Running"),
    success: t("Done"),
    warning: t("Some failed"),
    failed: t("Failed"),
  })[status];

/** A rule's runs, newest first: when, how it started, its outcome, what it found, changed and failed, the error. */
export function DispatchLog({ automationRuleID }: { automationRuleID: number }) {
  const [search] = useSearchParams();
  const page = pageParam(search) ?? 1;
  const { data } = useSuspenseQuery(automationDispatchesQuery(useApi(), automationRuleID, page));
  const pageSize = automationRulesLimits.dispatchesPerPage;
  const href = (to: number) => `${automationRulesPagePath}/${automationRuleID}${to > 1 ? `?page=${to}` : ""}`;
  return (
    <section aria-labelledby="automation-dispatches-title" className={styles.log}>
      <h2 id="automation-dispatches-title" className={styles.heading}>
        {t("Dispatch log")}
      </h2>
      {data.items.length === 0 ? (
        <p className={styles.note}>{t("The rule has not run yet.")}</p>
      ) : (
        // Scrolls sideways on a phone: a focusable region, so the keyboard scrolls it too.
        <div className={styles.scroll} role="region" aria-labelledby="automation-dispatches-title" tabIndex={0}>
          <table className={styles.table} aria-labelledby="automation-dispatches-title">
            <thead>
              <tr>
                <th scope="col">{t("Date")}</th>
                <th scope="col">{t("Type")}</th>
                <th scope="col">{t("Status")}</th>
                <th scope="col">{t("Found")}</th>
                <th scope="col">{t("Changed")}</th>
                <th scope="col">{t("Failed")}</th>
                <th scope="col">{t("Error")}</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((dispatch) => (
                <tr key={dispatch.automationRuleDispatchUUID}>
                  <td>
                    <DateTime date={dispatch.dateDispatched} />
                  </td>
                  <td>{typeLabel(dispatch.dispatchType)}</td>
                  <td>
                    <span className={`${styles.badge} ${styles[dispatch.dispatchStatus]}`}>
                      {statusLabel(dispatch.dispatchStatus)}
                    </span>
                  </td>
                  <td>{dispatch.estimatedRecordCount}</td>
                  <td>{dispatch.affectedRecordCount}</td>
                  <td>{dispatch.failedRecordCount}</td>
                  <td>{dispatch.errorMessage ?? "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data.total > pageSize ? (
        <Pager page={page} limit={pageSize} total={data.total} href={href} label={t("Dispatch log pages")} />
      ) : null}
    </section>
  );
}
