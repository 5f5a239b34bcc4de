import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { useApi } from "../../../lib/api-context.tsx";
import { t } from "../../../lib/i18n.ts";
import { Button } from "../../../ui/button/Button.tsx";
import { Loader } from "../../../ui/loader/Loader.tsx";
import { meQuery } from "../../users/users.queries.ts";
import { notificationLimits, notificationsQuery } from "../notifications.queries.ts";
import { notificationsPagePath } from "../notifications.urls.ts";
import { useMarkAllRead, useMarkRead } from "../useMarkRead.ts";
import { NotificationList } from "./NotificationList.tsx";
import styles from "./NotificationsMenu.module.css";

/**
 * The Notifications dropdown's content (also the side panel's Notifications tab): the latest
 * notifications, 'Mark All Read' and a link to all of them.
 */
export function NotificationsMenu({ headingId }: { headingId: string }) {
  const api = useApi();
  const { data: me } = useQuery(meQuery(api));
  const list = useQuery(notificationsQuery(api, 1, notificationLimits.dropdown));
  const markAllRead = useMarkAllRead();
  const markRead = useMarkRead();
  const items = list.data?.items ?? [];
  const anyUnread = (me?.countUnreadNotifications ?? 0) > 0 || items.some((item) => !item.read);
  return (
    <div className={styles.menu}>
      <div className={styles.header}>
        <h2 id={headingId} className={styles.heading}>
          {t("Notifications")}
        </h2>
        <Button
          buttonType="text"
          className={styles.markAll}
          isDisabled={!anyUnread}
          onPress={() => markAllRead.mutate()}
        >
          {t("Mark All Read")}
        </Button>
      </div>
      <div className={styles.body}>
        {list.isPending ? (
          <Loader padded />
        ) : list.isError ? (
          <p className={styles.message} role="alert">
            {t("The notifications could not be loaded.")}
          </p>
        ) : items.length === 0 ? (
          <p className={styles.message}>{t("You do not have any notifications yet.")}</p>
        ) : (
          <NotificationList items={items} labelledBy={headingId} onRead={(id) => markRead.mutate(id)} />
        )}
      </div>
      <div className={styles.footer}>
        <Link className={styles.footerLink} to={notificationsPagePath()}>
          {t("All Notifications")}
        </Link>
      </div>
    </div>
  );
}
