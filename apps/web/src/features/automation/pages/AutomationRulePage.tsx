import { useSuspenseQuery } from "@tanstack/react-query";
import { Link, useActionData, useNavigation, useParams, useSearchParams } from "react-router";
import { automationRulesPagePath, automationTimedTriggerTypes } from "@parley/contracts/automation-rules-constants";
import { useApi } from "../../../lib/api-context.tsx";
import { PageHead } from "../../../lib/head.tsx";
import { t } from "../../../lib/i18n.ts";
import { ButtonLink } from "../../../ui/button/Button.tsx";
import { DateTime } from "../../../ui/date/DateTime.tsx";
import { FormAlert } from "../../../ui/forms/Form.tsx";
import { ruleValues } from "../automation.form.ts";
import { automationRuleQuery } from "../automation.queries.ts";
import type { RuleFormResult } from "../automation.routes.tsx";
import { IntentButton } from "../components/IntentButton.tsx";
import { RuleForm } from "../components/RuleForm.tsx";
import { RuleStatus } from "../components/RuleStatus.tsx";
import { DispatchLog } from "./DispatchLog.tsx";
import styles from "./Automation.module.css";

/**
 * `/dashboard/automation-rules/{id}`: the rule's form (edited in place, with Preview), Run now, Activate or
 * Deactivate, Delete (asked on the list), and its dispatch log.
 */
export function AutomationRulePage() {
  const api = useApi();
  const automationRuleID = Number(useParams()["automationRuleID"]);
  const { data: rule } = useSuspenseQuery(automationRuleQuery(api, automationRuleID));
  const result = useActionData<RuleFormResult>();
  const busy = useNavigation().state === "submitting";
  const [search] = useSearchParams();
  const added = search.get("added");
  const here = `${automationRulesPagePath}/${automationRuleID}`;
  const formResult = result?.values && result.values["intent"] !== "run" ? result : undefined;
  const otherResult = formResult ? undefined : result;
  const timed = automationTimedTriggerTypes.includes(rule.trigger.triggerType);
  return (
    <section className={styles.page} aria-labelledby="automation-rule-title">
      <PageHead title={t("Automation rule “{name}”", { name: rule.name })} canonical={here} noindex />
      <p className={styles.back}>
        <Link to={automationRulesPagePath}>{t("All automation rules")}</Link>
      </p>
      <div className={styles.titleRow}>
        <h1 id="automation-rule-title" className={styles.title}>
          {rule.name}
        </h1>
        <RuleStatus rule={rule} />
      </div>
      <p className={styles.note}>
        {rule.dateLastRun ? (
          <>
            {t("Last run:")} <DateTime date={rule.dateLastRun} />
          </>
        ) : (
          t("It has not run yet.")
        )}
      </p>
      {added && !result ? (
        <FormAlert kind="success">{t("The rule “{name}” is added. It is inactive.", { name: added })}</FormAlert>
      ) : null}
      {otherResult?.ok && otherResult.message ? <FormAlert kind="success">{otherResult.message}</FormAlert> : null}
      {otherResult && !otherResult.ok && otherResult.message ? <FormAlert>{otherResult.message}</FormAlert> : null}
      {formResult?.ok && formResult.message ? <FormAlert kind="success">{formResult.message}</FormAlert> : null}
      <div className={styles.actions}>
        {timed ? (
          <IntentButton intent="run" label={t("Run now")} busy={busy} />
        ) : (
          <p className={styles.note}>
            {t("It acts on each new post, report or member as it comes: there is nothing to run now.")}
          </p>
        )}
        <IntentButton
          action={automationRulesPagePath}
          intent={rule.status === "active" ? "deactivate" : "activate"}
          label={rule.status === "active" ? t("Deactivate") : t("Activate")}
          fields={{ automationRuleID: String(rule.automationRuleID), name: rule.name }}
          busy={busy}
        />
        <ButtonLink to={`${automationRulesPagePath}?delete=${rule.automationRuleID}`} buttonType="standard">
          {t("Delete")}
        </ButtonLink>
      </div>
      <RuleForm
        key={rule.dateUpdated ?? "new"}
        titleID="automation-rule-form-title"
        title={t("Settings")}
        intent="edit"
        saveLabel={t("Save")}
        values={ruleValues(rule)}
        result={formResult}
        busy={busy}
      />
      <DispatchLog automationRuleID={automationRuleID} />
    </section>
  );
}
