import type { AutomationRule } from "@parley/contracts";
import { t } from "../../../lib/i18n.ts";
import styles from "../pages/Automation.module.css";

/** Active or Inactive, as a quiet badge. */
export function RuleStatus({ rule }: { rule: AutomationRule }) {
  return rule.status === "active" ? (
    <span className={`${styles.badge} ${styles.active}`}>{t("Active")}</span>
  ) : (
    <span className={`${styles.badge} ${styles.inactive}`}>{t("Inactive")}</span>
  );
}
