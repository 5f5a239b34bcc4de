import { __iconData as webhookIcon } from "lucide-react/icons/webhook";
import { useSuspenseQuery } from "@tanstack/react-query";
import { Form, Link, useActionData, useNavigation, useSearchParams } from "react-router";
import { webhookEventLabels, webhookPagePath, webhooksPagePath } from "@parley/contracts/webhooks-constants";
import { useApi } from "../../../lib/api-context.tsx";
import { PageHead } from "../../../lib/head.tsx";
import { t } from "../../../lib/i18n.ts";
import { TransientKeyField } from "../../../lib/session.tsx";
import { EmptyState } from "../../../ui/empty-state/EmptyState.tsx";
import { FormAlert, SubmitButton } from "../../../ui/forms/Form.tsx";
import { lucide } from "../../../ui/icons/icons.tsx";
import { NewSecret } from "../components/NewSecret.tsx";
import { WebhookFields } from "../components/WebhookFields.tsx";
import { webhooksQuery } from "../webhooks.queries.ts";
import type { WebhookFormResult } from "../webhooks.routes.tsx";
import { WebhookStatus } from "./WebhookStatus.tsx";
import styles from "./Webhooks.module.css";

const WebhookIcon = /* @__PURE__ */ lucide(webhookIcon);

/** `/dashboard/webhooks`: every webhook with its status and events, and the Add form (its secret shown once). */
export function WebhooksPage() {
  const { data: webhooks } = useSuspenseQuery(webhooksQuery(useApi()));
  const result = useActionData<WebhookFormResult>();
  const busy = useNavigation().state === "submitting";
  const [search] = useSearchParams();
  const deleted = search.get("deleted");
  const refused = result && !result.ok ? result : undefined;
  return (
    <section className={styles.page} aria-labelledby="webhooks-title">
      <PageHead title={t("Webhooks")} canonical={webhooksPagePath} noindex />
      <h1 id="webhooks-title" className={styles.title}>
        {t("Webhooks")}
      </h1>
      <p className={styles.note}>
        {t(
          "A webhook sends events to another site as they happen: a POST of the record as JSON, signed with the webhook's secret. Failed deliveries are tried again, and a webhook that keeps failing is disabled.",
        )}
      </p>
      {result?.ok && result.message ? <FormAlert kind="success">{result.message}</FormAlert> : null}
      {deleted && !result ? (
        <FormAlert kind="success">{t("“{name}” has been deleted.", { name: deleted })}</FormAlert>
      ) : null}
      {result?.secret ? <NewSecret name={result.secret.name} value={result.secret.value} /> : null}
      {webhooks.length === 0 ? (
        <EmptyState icon={<WebhookIcon size={32} strokeWidth={1.5} />} compact>
          {t("No webhooks yet. Add one below to send events to another site.")}
        </EmptyState>
      ) : (
        <ul className={styles.list} aria-label={t("Webhooks")}>
          {webhooks.map((webhook) => (
            <li key={webhook.webhookID} className={styles.item}>
              <div className={styles.headline}>
                <Link to={webhookPagePath(webhook.webhookID)} className={styles.name}>
                  {webhook.name}
                </Link>
                <WebhookStatus webhook={webhook} />
              </div>
              <p className={styles.url}>{webhook.url}</p>
              <p className={styles.meta}>{webhook.events.map((event) => t(webhookEventLabels[event])).join(", ")}</p>
            </li>
          ))}
        </ul>
      )}
      <Form method="post" action={webhooksPagePath} className={styles.form} aria-labelledby="webhook-add-title">
        <h2 id="webhook-add-title" className={styles.heading}>
          {t("Add a webhook")}
        </h2>
        <TransientKeyField />
        <input type="hidden" name="intent" value="create" />
        {refused?.message ? <FormAlert>{refused.message}</FormAlert> : null}
        <WebhookFields key={webhooks.length} refused={refused} />
        <div className={styles.buttons}>
          <SubmitButton busy={busy}>{t("Add Webhook")}</SubmitButton>
        </div>
      </Form>
    </section>
  );
}
