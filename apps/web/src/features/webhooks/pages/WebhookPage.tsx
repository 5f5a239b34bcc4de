import { useSuspenseQuery } from "@tanstack/react-query";
import { Form, Link, useActionData, useNavigation, useParams, useSearchParams } from "react-router";
import { webhookPagePath, webhooksLimits, webhooksPagePath } from "@parley/contracts/webhooks-constants";
import type { Webhook } from "@parley/contracts";
import { useApi } from "../../../lib/api-context.tsx";
import { PageHead } from "../../../lib/head.tsx";
import { t } from "../../../lib/i18n.ts";
import { TransientKeyField } from "../../../lib/session.tsx";
import { ButtonLink } from "../../../ui/button/Button.tsx";
import { ConfirmAction } from "../../../ui/confirm/ConfirmAction.tsx";
import { DateTime } from "../../../ui/date/DateTime.tsx";
import { FormAlert, SubmitButton } from "../../../ui/forms/Form.tsx";
import { IntentButton } from "../components/IntentButton.tsx";
import { NewSecret } from "../components/NewSecret.tsx";
import { WebhookFields } from "../components/WebhookFields.tsx";
import { DeliveryLog } from "./DeliveryLog.tsx";
import { webhookQuery } from "../webhooks.queries.ts";
import type { WebhookFormResult } from "../webhooks.routes.tsx";
import { WebhookStatus } from "./WebhookStatus.tsx";
import styles from "./Webhooks.module.css";

/** Why a disabled webhook is disabled, and Re-enable. */
function DisabledNotice({ webhook, busy }: { webhook: Webhook; busy: boolean }) {
  return (
    <div className={styles.disabledNotice} role="note">
      <p>
        {t("Disabled")} {webhook.dateDisabled ? <DateTime date={webhook.dateDisabled} /> : null}
        {webhook.disabledReason ? `: ${webhook.disabledReason}` : null}
      </p>
      <IntentButton intent="enable" label={t("Re-enable")} busy={busy} />
    </div>
  );
}

/**
 * `/dashboard/webhooks/{id}`: the webhook's settings (edited in place), Ping, Disable or Re-enable, Delete (asked
 * first), and its delivery log, newest first, each delivery with Redeliver.
 */
export function WebhookPage() {
  const api = useApi();
  const webhookID = Number(useParams()["webhookID"]);
  const { data: webhook } = useSuspenseQuery(webhookQuery(api, webhookID));
  const result = useActionData<WebhookFormResult>();
  const busy = useNavigation().state === "submitting";
  const [search] = useSearchParams();
  const here = webhookPagePath(webhookID);
  const refusedEdit = result && !result.ok && result.values?.["intent"] === "edit" ? result : undefined;
  const refusedOther = result && !result.ok && !refusedEdit ? result : undefined;
  return (
    <section className={styles.page} aria-labelledby="webhook-title">
      <PageHead title={t("Webhook “{name}”", { name: webhook.name })} canonical={here} noindex />
      <p className={styles.back}>
        <Link to={webhooksPagePath}>{t("All webhooks")}</Link>
      </p>
      <div className={styles.headline}>
        <h1 id="webhook-title" className={styles.title}>
          {webhook.name}
        </h1>
        <WebhookStatus webhook={webhook} />
      </div>
      <p className={styles.url}>{webhook.url}</p>
      {result?.ok && result.message ? <FormAlert kind="success">{result.message}</FormAlert> : null}
      {result?.secret ? <NewSecret name={result.secret.name} value={result.secret.value} /> : null}
      {refusedOther?.message ? <FormAlert>{refusedOther.message}</FormAlert> : null}
      {webhook.status === "disabled" ? <DisabledNotice webhook={webhook} busy={busy} /> : null}
      <div className={styles.actions}>
        <IntentButton intent="ping" label={t("Ping")} busy={busy} />
        <IntentButton intent="rotate" label={t("Rotate secret")} busy={busy} />
        {webhook.status === "active" ? <IntentButton intent="disable" label={t("Disable")} busy={busy} /> : null}
        <ButtonLink to={`${here}?delete=1`} buttonType="standard">
          {t("Delete")}
        </ButtonLink>
      </div>
      {search.get("delete") === "1" ? (
        <ConfirmAction
          id="webhook-delete"
          title={t("Delete “{name}”?", { name: webhook.name })}
          text={t("It stops sending events, and its delivery log is deleted with it.")}
          fields={{ intent: "delete", name: webhook.name }}
          cancelTo={here}
          busy={busy}
        />
      ) : null}
      <Form method="post" action={here} className={styles.form} aria-labelledby="webhook-edit-title">
        <h2 id="webhook-edit-title" className={styles.heading}>
          {t("Settings")}
        </h2>
        <TransientKeyField />
        <input type="hidden" name="intent" value="edit" />
        {refusedEdit?.message ? <FormAlert>{refusedEdit.message}</FormAlert> : null}
        <WebhookFields key={webhook.dateUpdated ?? "new"} webhook={webhook} refused={refusedEdit} />
        <div className={styles.buttons}>
          <SubmitButton busy={busy}>{t("Save")}</SubmitButton>
        </div>
      </Form>
      <DeliveryLog webhookID={webhookID} busy={busy} pageSize={webhooksLimits.deliveriesPerPage} />
    </section>
  );
}
