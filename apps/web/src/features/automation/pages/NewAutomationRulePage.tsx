import { Link, useActionData, useNavigation } from "react-router";
import { automationRulesPagePath } from "@parley/contracts/automation-rules-constants";
import { PageHead } from "../../../lib/head.tsx";
import { t } from "../../../lib/i18n.ts";
import type { RuleFormValues } from "../automation.form.ts";
import type { RuleFormResult } from "../automation.routes.tsx";
import { RuleForm } from "../components/RuleForm.tsx";
import styles from "./Automation.module.css";

const blank: RuleFormValues = {
  intent: "create",
  name: "",
  triggerType: "staleDiscussionTrigger",
  delayLength: "30",
  delayUnit: "day",
  triggerCategoryID: "",
  includeSubcategories: "",
  actionType: "closeDiscussionAction",
  actionCategoryID: "",
  actionTagID: "",
  countReports: "",
  actionCollectionID: "",
  emailSubject: "",
  emailBody: "",
  noteBody: "",
};

/** `/dashboard/automation-rules/add`: the rule form, Preview and Add Rule (a new rule is inactive). */
export function NewAutomationRulePage() {
  const result = useActionData<RuleFormResult>();
  const busy = useNavigation().state === "submitting";
  const here = `${automationRulesPagePath}/add`;
  return (
    <section className={styles.page} aria-labelledby="automation-add-title">
      <PageHead title={t("Add an automation rule")} canonical={here} noindex />
      <p className={styles.back}>
        <Link to={automationRulesPagePath}>{t("All automation rules")}</Link>
      </p>
      <h1 id="automation-add-title" className={styles.title}>
        {t("Add an automation rule")}
      </h1>
      <p className={styles.note}>
        {t("A new rule is inactive: preview it, run it once or activate it from its page.")}
      </p>
      <RuleForm
        titleID="automation-rule-form-title"
        title={t("The rule")}
        intent="create"
        saveLabel={t("Add Rule")}
        values={blank}
        result={result}
        busy={busy}
      />
    </section>
  );
}
