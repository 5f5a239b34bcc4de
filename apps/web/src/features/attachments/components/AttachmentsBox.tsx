import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
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
import { refreshStaleAttachments, storeAttachments } from "../attachments.batch.ts";
import { attachmentCatalogQuery } from "../attachments.catalog.ts";
import styles from "./Attachments.module.css";

/**
 * What the boxes show, loaded with the discussion page for staff (the server renders them complete): the
 * discussion's tickets and its comments' on the page, these in one call.
 */
export const prefetchAttachments = (
  queryClient: QueryClient,
  api: ApiClient,
  discussionID: number,
  commentIDs: number[] = [],
) =>
  Promise.all([
    queryClient.prefetchQuery(attachmentCatalogQuery(api)),
    queryClient.prefetchQuery(recordAttachmentsQuery(api, "discussion", discussionID)),
    ...commentIDs.map((commentID) => queryClient.prefetchQuery(recordAttachmentsQuery(api, "comment", commentID))),
  ]);

/**
 * Once the page runs, a moderator's look refreshes the tickets not read for 10 minutes (the server skips the
 * others); the box shows the new status when it comes, and what it knew when the ticket service fails.
 */
function useStaleRefresh(attachments: Attachment[], enabled: boolean) {
  const api = useApi();
  const queryClient = useQueryClient();
  const shown = attachments.map((attachment) => `${attachment.attachmentID}@${attachment.dateUpdated}`).join(",");
  useEffect(() => {
    if (!enabled || attachments.length === 0) return;
    refreshStaleAttachments(api, attachments).then(
      (refreshed) => storeAttachments(queryClient, refreshed),
      (error: unknown) => console.warn("The tickets' status was not refreshed.", error),
    );
    // `shown` stands for the attachments: their ids and when each was read.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, queryClient, enabled, shown]);
}

/** One ticket: its integration, its id (a link when the API gave one), its status, when it was read, Refresh. */
function AttachmentCard({
  attachment,
  discussionID,
  commentID,
}: {
  attachment: Attachment;
  discussionID: number;
  commentID: number | undefined;
}) {
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
        <input
          type="hidden"
          name="returnTo"
          value={`${location.pathname}${location.search}${commentID ? `#Comment_${commentID}` : ""}`}
        />
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
 * A post's tickets (the discussion's, or a comment's with `commentID`), for staff (the server answers them only to
 * staff who may see the post): each with its status and a Refresh form, so it works without JavaScript. There
 * "Create ticket" is a link to the form page; with JavaScript it is in the post's options menu.
 */
export function AttachmentsBox({ discussionID, commentID }: { discussionID: number; commentID?: number | undefined }) {
  const api = useApi();
  const { data: attachments = [] } = useQuery(
    commentID
      ? recordAttachmentsQuery(api, "comment", commentID)
      : recordAttachmentsQuery(api, "discussion", discussionID),
  );
  const { data: catalog = {} } = useQuery(attachmentCatalogQuery(api));
  const canCreate = catalog["ticket"]?.canCreate === true;
  // Refreshing is a moderator's (as creating is), and only while the integration is on.
  useStaleRefresh(attachments, canCreate);
  if (attachments.length === 0 && !canCreate) return null;
  const createLink = canCreate ? (
    <noscript>
      <a className={styles.create} href={newTicketPath(discussionID, commentID)}>
        {t("Create ticket")}
      </a>
    </noscript>
  ) : null;
  // No ticket yet: no region (a page of comments would have one each), only the link without JavaScript.
  if (attachments.length === 0) return <div data-attachments="">{createLink}</div>;
  return (
    <section className={styles.box} aria-label={t("Tickets")} data-attachments="">
      <ul className={styles.list}>
        {attachments.map((attachment) => (
          <AttachmentCard
            key={attachment.attachmentID}
            attachment={attachment}
            discussionID={discussionID}
            commentID={commentID}
          />
        ))}
      </ul>
      {createLink}
    </section>
  );
}
