import type { QueryClient } from "@tanstack/react-query";
import { Form, useLocation, useNavigation } from "react-router";
import { newTicketPath, refreshTicketPath } from "@parley/contracts/attachments-constants";
import type { Attachment } from "@parley/contracts";
import type { ApiClient } from "../../../lib/api.ts";
import { useApi } from "../../../lib/api-context.tsx";
import { t } from "../../../lib/i18n.ts";
import { useQuery } from "../../../lib/query.ts";
import { TransientKeyField } from "../../../lib/session.tsx";
import { Button } from "../../../ui/button/Button.tsx";
import { DateTime } from "../../../ui/date/DateTime.tsx";
import { recordAttachmentsQuery } from "../attachments.queries.ts";
import { attachmentCatalogQuery } from "../attachments.catalog.ts";
import styles from "./Attachments.module.css";

/** What the box shows, loaded with the discussion page for staff (the server renders it complete). */
export const prefetchAttachments = (queryClient: QueryClient, api: ApiClient, discussionID: number) =>
  Promise.all([
    queryClient.prefetchQuery(attachmentCatalogQuery(api)),
    queryClient.prefetchQuery(recordAttachmentsQuery(api, "discussion", discussionID)),
  ]);

/** One ticket: its integration, its id (a link when the API gave one), its status, when it was read, Refresh. */
function AttachmentCard({ attachment, discussionID }: { attachment: Attachment; discussionID: number }) {
  const location = useLocation();
  const navigation = useNavigation();
  const action = refreshTicketPath(discussionID);
  const busy =
    navigation.state === "submitting" &&
    navigation.formAction === action &&
    navigation.formData?.get("attachmentID") === String(attachment.attachmentID);
  const label = t("Ticket {id}", { id: attachment.sourceID });
  return (
    <li className={styles.card} data-attachment={attachment.attachmentID}>
      <span className={styles.source}>{attachment.source}</span>
      {attachment.sourceUrl ? (
        <a href={attachment.sourceUrl} target="_blank" rel="noopener noreferrer">
          {label}
        </a>
      ) : (
        <span>{label}</span>
      )}
      <span className={styles.status}>
        <span className="visually-hidden">{t("Status:")} </span>
        {attachment.status}
      </span>
      {attachment.dateUpdated ? (
        <span className={styles.meta}>
          {t("Checked")} <DateTime date={attachment.dateUpdated} />
        </span>
      ) : null}
      <Form method="post" action={action} className={styles.refresh}>
        <TransientKeyField />
        <input type="hidden" name="attachmentID" value={attachment.attachmentID} />
        <input type="hidden" name="returnTo" value={`${location.pathname}${location.search}`} />
        <Button
          type="submit"
          size="compact"
          isPending={busy}
          aria-label={t("Refresh the status of ticket {id}", { id: attachment.sourceID })}
        >
          {t("Refresh")}
        </Button>
      </Form>
    </li>
  );
}

/**
 * A discussion's tickets, for staff (the server answers them only to staff who may see the post): each with its
 * status and a Refresh form, so it works without JavaScript. There "Create ticket" is a link to the form page;
 * with JavaScript it is in the options menu.
 */
export function AttachmentsBox({ discussionID }: { discussionID: number }) {
  const api = useApi();
  const { data: attachments = [] } = useQuery(recordAttachmentsQuery(api, "discussion", discussionID));
  const { data: catalog = {} } = useQuery(attachmentCatalogQuery(api));
  const canCreate = catalog["ticket"]?.canCreate === true;
  if (attachments.length === 0 && !canCreate) return null;
  return (
    <section className={styles.box} aria-label={t("Tickets")} data-attachments="">
      {attachments.length > 0 ? (
        <ul className={styles.list}>
          {attachments.map((attachment) => (
            <AttachmentCard key={attachment.attachmentID} attachment={attachment} discussionID={discussionID} />
          ))}
        </ul>
      ) : null}
      {canCreate ? (
        <noscript>
          <a className={styles.create} href={newTicketPath(discussionID)}>
            {t("Create ticket")}
          </a>
        </noscript>
      ) : null}
    </section>
  );
}
