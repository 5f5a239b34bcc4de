import { useSuspenseQuery } from "@tanstack/react-query";
import { useQuery } from "../../../lib/query.ts";
import { conversationsPagePath, newMessagePath } from "@parley/contracts/conversations-constants";
import { useLocation } from "react-router";
import { useApi } from "../../../lib/api-context.tsx";
import { PageHead } from "../../../lib/head.tsx";
import { t } from "../../../lib/i18n.ts";
import { ButtonLink } from "../../../ui/button/Button.tsx";
import { MessagesIcon } from "../../../ui/icons/icons.tsx";
import { RecordPageList } from "../../../ui/record-list/RecordPageList.tsx";
import { meQuery } from "../../users/index.ts";
import { ConversationList } from "../components/ConversationList.tsx";
import { readPage } from "../conversations.urls.ts";
import { canStartConversation, mayMessage, messageRefusal } from "../conversations.permissions.ts";
import { conversationLimits, conversationsQuery } from "../conversations.queries.ts";
import styles from "./ConversationPages.module.css";

/** `/messages`: the member's conversations, most recently active first, paged with real links. */
export function ConversationsPage() {
  const api = useApi();
  const location = useLocation();
  const page = readPage(new URLSearchParams(location.search)) ?? 1;
  const limit = conversationLimits.page;
  const { data } = useSuspenseQuery(conversationsQuery(api, page, limit));
  const { data: me } = useQuery(meQuery(api));
  return (
    <section className={styles.page} aria-labelledby="messages-title">
      <PageHead title={t("Messages")} canonical={conversationsPagePath(page)} noindex />
      <div className={styles.header}>
        <h1 id="messages-title" className={styles.title}>
          {t("Messages")}
        </h1>
        {me && canStartConversation(me) ? (
          <ButtonLink buttonType="primary" to={newMessagePath()}>
            {t("New Message")}
          </ButtonLink>
        ) : null}
      </div>
      {me && mayMessage(me) && messageRefusal(me) ? (
        <p className={styles.notice} data-part="new-member-messages">
          {messageRefusal(me)}
        </p>
      ) : null}
      <RecordPageList
        count={data.items.length}
        emptyText={t("You do not have any messages yet.")}
        emptyIcon={<MessagesIcon size={32} strokeWidth={1.5} />}
        pager={{ page, limit, hasMore: data.hasMore, href: conversationsPagePath, label: t("Message pages") }}
      >
        <ConversationList items={data.items} viewerID={me?.userID ?? 0} labelledBy="messages-title" />
      </RecordPageList>
    </section>
  );
}
