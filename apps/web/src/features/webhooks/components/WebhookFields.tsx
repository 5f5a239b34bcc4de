import { webhookEventLabels, webhookEvents, webhooksLimits } from "@parley/contracts/webhooks-constants";
import type { Webhook } from "@parley/contracts";
import type { FormResult } from "../../../lib/forms.ts";
import { t } from "../../../lib/i18n.ts";
import { CheckboxField, TextField } from "../../../ui/forms/Form.tsx";
import styles from "../pages/Webhooks.module.css";

/**
 * A webhook's fields, for Add and for Edit: name, URL, the events as checkboxes, and the secret (optional: one is
 * made when left empty; on Edit, a new one replaces it). What a refused post typed is shown again.
 */
export function WebhookFields({ webhook, refused }: { webhook?: Webhook; refused?: FormResult | undefined }) {
  const prefix = webhook ? `webhook-${webhook.webhookID}` : "webhook-new";
  const typed = refused?.values;
  const chosen = typed ? (typed["events"] ?? "").split(",") : (webhook?.events ?? []);
  const error = (field: string) => refused?.errors?.[field];
  return (
    <>
      <TextField
        label={t("Name")}
        name="name"
        required
        maxLength={webhooksLimits.nameMaxLength}
        defaultValue={typed?.["name"] ?? webhook?.name ?? ""}
        error={error("name")}
      />
      <TextField
        label={t("URL")}
        name="url"
        type="url"
        required
        maxLength={webhooksLimits.urlMaxLength}
        defaultValue={typed?.["url"] ?? webhook?.url ?? ""}
        error={error("url")}
        hint={t("An https address. Addresses on private or local networks are refused.")}
      />
      <fieldset className={styles.choices} aria-describedby={error("events") ? `${prefix}-events-error` : undefined}>
        <legend>{t("Events")}</legend>
        <div className={styles.eventGrid}>
          {webhookEvents.map((event) => (
            <CheckboxField
              key={event}
              label={t(webhookEventLabels[event])}
              name="events"
              value={event}
              defaultChecked={chosen.includes(event)}
            />
          ))}
        </div>
        {error("events") ? (
          <p id={`${prefix}-events-error`} className={styles.error}>
            {error("events")}
          </p>
        ) : null}
      </fieldset>
      <TextField
        label={webhook ? t("New secret") : t("Secret")}
        name="secret"
        autoComplete="off"
        minLength={webhooksLimits.secretMinLength}
        maxLength={webhooksLimits.secretMaxLength}
        error={error("secret")}
        hint={
          webhook
            ? t("Leave it empty to keep the secret (ending in {end}).", { end: webhook.secret.slice(-4) })
            : t("Leave it empty and one is made for you. It signs every delivery.")
        }
      />
    </>
  );
}
