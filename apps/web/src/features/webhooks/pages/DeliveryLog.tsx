import { useSuspenseQuery } from "@tanstack/react-query";
import { useSearchParams } from "react-router";
import { webhookPagePath } from "@parley/contracts/webhooks-constants";
import type { WebhookDelivery, WebhookDeliveryStatus } from "@parley/contracts";
import { useApi } from "../../../lib/api-context.tsx";
import { t } from "../../../lib/i18n.ts";
import { pageParam } from "../../../lib/route-errors.ts";
import { DateTime } from "../../../ui/date/DateTime.tsx";
import { Pager } from "../../../ui/pager/Pager.tsx";
import { webhookDeliveriesQuery } from "../webhooks.queries.ts";
import { IntentButton } from "../components/IntentButton.tsx";
import styles from "./Webhooks.module.css";

const statusLabel = (status: WebhookDeliveryStatus) =>
  ({
    pending: t("Waiting"),
    retrying: t("Will retry"),
    delivered: t("Delivered"),
    failed: t("Failed"),
  })[status];

/** What the address answered: its status code and time, or why nothing was sent. */
function Answer({ delivery }: { delivery: WebhookDelivery }) {
  if (delivery.responseCode !== null)
    return (
      <>
        <span className={styles.code}>{delivery.responseCode}</span>{" "}
        {delivery.responseTimeMs !== null ? t("{ms} ms", { ms: String(delivery.responseTimeMs) }) : null}
      </>
    );
  return <span className={styles.muted}>{delivery.error ?? "—"}</span>;
}

/** A webhook's deliveries, newest first: event, state, answer, attempts, when, the next retry, and Redeliver. */
export function DeliveryLog({ webhookID, busy, pageSize }: { webhookID: number; busy: boolean; pageSize: number }) {
  const [search] = useSearchParams();
  const page = pageParam(search) ?? 1;
  const { data } = useSuspenseQuery(webhookDeliveriesQuery(useApi(), webhookID, page));
  const href = (to: number) => `${webhookPagePath(webhookID)}${to > 1 ? `?page=${to}` : ""}`;
  return (
    <section aria-labelledby="webhook-deliveries-title" className={styles.log}>
      <h2 id="webhook-deliveries-title" className={styles.heading}>
        {t("Recent deliveries")}
      </h2>
      {data.items.length === 0 ? (
        <p className={styles.note}>{t("Nothing sent yet. Ping sends a test delivery.")}</p>
      ) : (
        // Scrolls sideways on a phone: a focusable region, so the keyboard scrolls it too.
        <div className={styles.scroll} role="region" aria-labelledby="webhook-deliveries-title" tabIndex={0}>
          <table className={styles.table} aria-labelledby="webhook-deliveries-title">
            <thead>
              <tr>
                <th scope="col">{t("Event")}</th>
                <th scope="col">{t("Status")}</th>
                <th scope="col">{t("Response")}</th>
                <th scope="col">{t("Attempts")}</th>
                <th scope="col">{t("Sent")}</th>
                <th scope="col">{t("Next retry")}</th>
                <th scope="col">
                  <span className="visually-hidden">{t("Actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((delivery) => (
                <tr key={delivery.deliveryID}>
                  <td>
                    <span className={styles.code}>{delivery.event}</span>
                  </td>
                  <td>
                    <span className={`${styles.badge} ${styles[delivery.status]}`}>{statusLabel(delivery.status)}</span>
                  </td>
                  <td>
                    <Answer delivery={delivery} />
                  </td>
                  <td>{delivery.attempts}</td>
                  <td>
                    <DateTime date={delivery.dateLastAttempt ?? delivery.dateInserted} />
                  </td>
                  <td>{delivery.dateNextAttempt ? <DateTime date={delivery.dateNextAttempt} /> : "—"}</td>
                  <td>
                    <IntentButton
                      intent="redeliver"
                      label={t("Redeliver")}
                      busy={busy}
                      fields={{ deliveryID: delivery.deliveryID }}
                      accessibleName={t("Redeliver {event} ({id})", {
                        event: delivery.event,
                        id: delivery.deliveryID.slice(0, 8),
                      })}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data.total > pageSize ? (
        <Pager page={page} limit={pageSize} total={data.total} href={href} label={t("Delivery log pages")} />
      ) : null}
    </section>
  );
}
