import { __iconData as workflowIcon } from "lucide-react/icons/workflow";
import { useSuspenseQuery } from "@tanstack/react-query";
import { Link, useActionData, useNavigation, useSearchParams } from "react-router";
import { automationRulesPagePath } from "@parley/contracts/automation-rules-constants";
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
import { automationCatalogQuery, automationRulesQuery } from "../automation.queries.ts";
import { actionLabel, triggerLabel } from "../components/RuleFields.tsx";
import { IntentButton } from "../components/IntentButton.tsx";
import { RuleStatus } from "../components/RuleStatus.tsx";
import styles from "./Automation.module.css";

const WorkflowIcon = /* @__PURE__ */ lucide(workflowIcon);

/**
 * `/dashboard/automation-rules`: the rules in a table (name, trigger, action, status, last run), each with Edit,
 * Activate or Deactivate, and Delete (asked first); Add Rule opens the form.
 */
export function AutomationRulesPage() {
  const api = useApi();
  const { data: rules } = useSuspenseQuery(automationRulesQuery(api));
  const { data: catalog } = useSuspenseQuery(automationCatalogQuery(api));
  const result = useActionData<FormResult>();
  const busy = useNavigation().state === "submitting";
  const [search] = useSearchParams();
  const deleted = search.get("deleted");
  const deleting = rules.find((rule) => String(rule.automationRuleID) === search.get("delete"));
  return (
    <section className={styles.page} aria-labelledby="automation-rules-title">
      <PageHead title={t("Automation Rules")} canonical={automationRulesPagePath} noindex />
      <div className={styles.headline}>
        <h1 id="automation-rules-title" className={styles.title}>
          {t("Automation Rules")}
        </h1>
        <ButtonLink to={`${automationRulesPagePath}/add`} buttonType="primary">
          {t("Add Rule")}
        </ButtonLink>
      </div>
      <p className={styles.note}>
        {t(
          "A rule acts on discussions without a moderator: its trigger picks them (idle for a time, or each new one) and its action is taken on each (close, move, tag). An active rule runs every hour; Preview shows what it would change first.",
        )}
      </p>
      {result?.ok && result.message ? <FormAlert kind="success">{result.message}</FormAlert> : null}
      {result && !result.ok && result.message ? <FormAlert>{result.message}</FormAlert> : null}
      {deleted && !result ? (
        <FormAlert kind="success">{t("“{name}” has been deleted.", { name: deleted })}</FormAlert>
      ) : null}
      {deleting ? (
        <ConfirmAction
          id="automation-rule-delete"
          title={t("Delete “{name}”?", { name: deleting.name })}
          text={t("It stops running, and its dispatch log is deleted with it. What it changed stays changed.")}
          fields={{ intent: "delete", automationRuleID: String(deleting.automationRuleID), name: deleting.name }}
          cancelTo={automationRulesPagePath}
          busy={busy}
        />
      ) : null}
      {rules.length === 0 ? (
        <EmptyState icon={<WorkflowIcon size={32} strokeWidth={1.5} />} compact>
          {t("No rules yet. Add Rule sets one up.")}
        </EmptyState>
      ) : (
        // Scrolls sideways on a phone: a focusable region, so the keyboard scrolls it too.
        <div className={styles.scroll} role="region" aria-labelledby="automation-rules-title" tabIndex={0}>
          <table className={styles.table} aria-labelledby="automation-rules-title">
            <thead>
              <tr>
                <th scope="col">{t("Name")}</th>
                <th scope="col">{t("Trigger")}</th>
                <th scope="col">{t("Action")}</th>
                <th scope="col">{t("Status")}</th>
                <th scope="col">{t("Last run")}</th>
                <th scope="col">
                  <span className="visually-hidden">{t("Actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rules.map((rule) => {
                const trigger = catalog.triggers[rule.trigger.triggerType]?.name ?? rule.trigger.triggerName;
                const action = catalog.actions[rule.action.actionType]?.name ?? rule.action.actionName;
                return (
                  <tr key={rule.automationRuleID}>
                    <th scope="row">
                      <Link to={`${automationRulesPagePath}/${rule.automationRuleID}`} className={styles.name}>
                        {rule.name}
                      </Link>
                    </th>
                    <td>{triggerLabel(rule.trigger.triggerType, trigger)}</td>
                    <td>{actionLabel(rule.action.actionType, action)}</td>
                    <td>
                      <RuleStatus rule={rule} />
                    </td>
                    <td>{rule.dateLastRun ? <DateTime date={rule.dateLastRun} /> : t("Never")}</td>
                    <td>
                      <div className={styles.actions}>
                        <ButtonLink
                          to={`${automationRulesPagePath}/${rule.automationRuleID}`}
                          buttonType="standard"
                          aria-label={t("Edit “{name}”", { name: rule.name })}
                        >
                          {t("Edit")}
                        </ButtonLink>
                        <IntentButton
                          intent={rule.status === "active" ? "deactivate" : "activate"}
                          label={rule.status === "active" ? t("Deactivate") : t("Activate")}
                          accessibleName={
                            rule.status === "active"
                              ? t("Deactivate “{name}”", { name: rule.name })
                              : t("Activate “{name}”", { name: rule.name })
                          }
                          fields={{ automationRuleID: String(rule.automationRuleID), name: rule.name }}
                          busy={busy}
                        />
                        <ButtonLink
                          to={`${automationRulesPagePath}?delete=${rule.automationRuleID}`}
                          buttonType="standard"
                          aria-label={t("Delete “{name}”", { name: rule.name })}
                        >
                          {t("Delete")}
                        </ButtonLink>
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
