import { useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { useQuery } from "../../../lib/query.ts";
import { conversationPath, conversationsPagePath } from "@parley/contracts/conversations-constants";
import { profilePath } from "@parley/contracts/urls";
import { useEffect, useState } from "react";
import { Link, useLocation, useParams } from "react-router";
import { useApi } from "../../../lib/api-context.tsx";
import { PageHead } from "../../../lib/head.tsx";
import { t } from "../../../lib/i18n.ts";
import { DateTime } from "../../../ui/date/DateTime.tsx";
import { Pager } from "../../../ui/pager/Pager.tsx";
import { UserPhoto } from "../../../ui/user-photo/UserPhoto.tsx";
import { ReportAction } from "../../discussions/index.ts";
import { meQuery } from "../../users/index.ts";
import { otherParticipants } from "../components/ConversationList.tsx";
import { ReplyForm } from "../components/ReplyForm.tsx";
import { conversationKeys, conversationLimits, conversationQuery, messagesQuery } from "../conversations.queries.ts";
import { messagePageOf, readPage } from "../conversations.urls.ts";
import { liveConversations } from "../liveConversations.ts";
import styles from "./ConversationPages.module.css";

/**
 * `/messages/{conversationID}`: a conversation's messages, oldest first, the latest page unless
 * `?page=` says otherwise; the reply form posts without JavaScript, and after hydration new messages
 * arrive live.
 */
export function ConversationPage() {
  const api = useApi();
  const queryClient = useQueryClient();
  const location = useLocation();
  const id = Number(useParams()["conversationID"]);
  const asked = readPage(new URLSearchParams(location.search)) ?? undefined;
  const { data: conversation } = useSuspenseQuery(conversationQuery(api, id));
  const page = messagePageOf(asked, conversation.countMessages);
  const limit = conversationLimits.messages;
  const { data } = useSuspenseQuery(messagesQuery(api, id, page, limit));
  const { data: me } = useQuery(meQuery(api));
  const viewerID = me?.userID ?? 0;
  const others = otherParticipants(conversation, viewerID);
  // A participant reports a message they received (a moderator reading the conversation does not).
  const participating = conversation.participants.some(
    (participant) => participant.userID === viewerID && participant.status === "participating",
  );
  const [heard, setHeard] = useState(0);

  // A new message of this conversation (from the live stream): refetch it; reading marks it read.
  useEffect(
    () =>
      liveConversations.listen((message) => {
        if (message.conversationID !== id) return;
        if (message.insertUserID !== viewerID) setHeard((count) => count + 1);
        void queryClient.invalidateQueries({ queryKey: conversationKeys.detail(id) });
        void queryClient.invalidateQueries({ queryKey: conversationKeys.messages(id) });
      }),
    [id, viewerID, queryClient],
  );

  const lastIndex = data.items.length - 1;
  return (
    <section className={styles.page} aria-labelledby="conversation-title">
      <PageHead title={conversation.name} canonical={conversationPath(id)} noindex />
      <p className={styles.subtitle}>
        <Link to={conversationsPagePath()}>{t("All Messages")}</Link>
      </p>
      <div className={styles.header}>
        <h1 id="conversation-title" className={styles.title}>
          {conversation.name}
        </h1>
      </div>
      {others && others !== conversation.name ? (
        <p className={styles.subtitle}>{t("With {names}", { names: others })}</p>
      ) : null}
      {data.items.length === 0 ? (
        <p className={styles.empty}>{t("There are no messages in this conversation yet.")}</p>
      ) : (
        <ol className={styles.messages} aria-labelledby="conversation-title" data-part="messages">
          {data.items.map((message, index) => (
            <li
              key={message.messageID}
              id={index === lastIndex ? "latest" : `Message_${message.messageID}`}
              className={styles.message}
              data-message-id={message.messageID}
              data-mine={message.insertUserID === viewerID ? "true" : "false"}
            >
              <UserPhoto name="" photoUrl={message.insertUser?.photoUrl ?? null} size="medium" decorative />
              <article className={styles.bubble} aria-label={message.insertUser?.name ?? t("Unknown User")}>
                <div className={styles.meta}>
                  {message.insertUser && message.insertUser.userID > 0 ? (
                    <Link className={styles.author} to={profilePath(message.insertUser.name)}>
                      {message.insertUser.name}
                    </Link>
                  ) : (
                    <span className={styles.author}>{message.insertUser?.name ?? t("Unknown User")}</span>
                  )}
                  <DateTime date={message.dateInserted} />
                  {participating ? (
                    <ReportAction recordType="message" recordID={message.messageID} authorID={message.insertUserID} />
                  ) : null}
                </div>
                <div className={styles.body} dangerouslySetInnerHTML={{ __html: message.body }} />
              </article>
            </li>
          ))}
        </ol>
      )}
      <p className={styles.live} aria-live="polite" role="status">
        {heard > 0 ? t("New messages: {count}", { count: String(heard) }) : ""}
      </p>
      <Pager
        page={page}
        limit={limit}
        total={data.total}
        href={(target) => `${conversationPath(id)}?page=${target}`}
        label={t("Message pages")}
      />
      <ReplyForm />
    </section>
  );
}
