import { useQuery } from "../../../lib/query.ts";
import { useApi } from "../../../lib/api-context.tsx";
import { t } from "../../../lib/i18n.ts";
import { Button } from "../../../ui/button/Button.tsx";
import { RecordMenu, recordMenuState } from "../../../ui/record-list/RecordMenu.tsx";
import { meQuery } from "../../users/index.ts";
import { notificationLimits, notificationsQuery } from "../notifications.queries.ts";
import { notificationsPagePath } from "../notifications.urls.ts";
import { useMarkAllRead, useMarkRead } from "../useMarkRead.ts";
import { NotificationList } from "./NotificationList.tsx";

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
    <RecordMenu
      heading={t("Notifications")}
      headingId={headingId}
      action={
        <Button buttonType="text" isDisabled={!anyUnread} onPress={() => markAllRead.mutate()}>
          {t("Mark All Read")}
        </Button>
      }
      state={recordMenuState(list, items.length)}
      errorText={t("The notifications could not be loaded.")}
      emptyText={t("You do not have any notifications yet.")}
      list={() => (
        <NotificationList
          items={items}
          labelledBy={headingId}
          compact
          onRead={(ids) => ids.forEach((id) => markRead.mutate(id))}
        />
      )}
      footer={{ to: notificationsPagePath(), label: t("All Notifications") }}
    />
  );
}
