import type { Webhook } from "@parley/contracts";
import { t } from "../../../lib/i18n.ts";
import styles from "./Webhooks.module.css";

/** Active or Disabled, as a quiet badge (the reason is on the webhook's page). */
export function WebhookStatus({ webhook }: { webhook: Webhook }) {
  return webhook.status === "active" ? (
    <span className={`${styles.badge} ${styles.active}`}>{t("Active")}</span>
  ) : (
    <span className={`${styles.badge} ${styles.disabled}`}>{t("Disabled")}</span>
  );
}
