import type { Me } from "@parley/contracts";
import { conversationsPagePath, newMessagePath } from "@parley/contracts/conversations-constants";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { useApi } from "../../../lib/api-context.tsx";
import { t } from "../../../lib/i18n.ts";
import { Loader } from "../../../ui/loader/Loader.tsx";
import { canStartConversation } from "../conversations.permissions.ts";
import { conversationLimits, conversationsQuery } from "../conversations.queries.ts";
import { ConversationList } from "./ConversationList.tsx";
import styles from "../../notifications/components/NotificationsMenu.module.css";

/**
 * The Messages dropdown's content (also the side panel's Messages tab): the latest conversations,
 * a link to write a new message and one to all of them. Loaded on demand with the member menus.
 */
export function MessagesMenu({ me, headingId }: { me: Me; headingId: string }) {
  const api = useApi();
  const list = useQuery(conversationsQuery(api, 1, conversationLimits.dropdown));
  const items = list.data?.items ?? [];
  return (
    <div className={styles.menu} data-part="messages-menu">
      <div className={styles.header}>
        <h2 id={headingId} className={styles.heading}>
          {t("Messages")}
        </h2>
        {canStartConversation(me) ? <Link to={newMessagePath()}>{t("New Message")}</Link> : null}
      </div>
      <div className={styles.body}>
        {list.isPending ? (
          <Loader padded />
        ) : list.isError ? (
          <p className={styles.message} role="alert">
            {t("The messages could not be loaded.")}
          </p>
        ) : items.length === 0 ? (
          <p className={styles.message}>{t("You do not have any messages yet.")}</p>
        ) : (
          <ConversationList items={items} viewerID={me.userID} labelledBy={headingId} />
        )}
      </div>
      <div className={styles.footer}>
        <Link className={styles.footerLink} to={conversationsPagePath()}>
          {t("All Messages")}
        </Link>
      </div>
    </div>
  );
}
