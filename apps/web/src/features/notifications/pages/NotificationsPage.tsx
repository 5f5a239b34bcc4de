import { useSuspenseQuery } from "@tanstack/react-query";
import { useQuery } from "../../../lib/query.ts";
import { Form, Link, useActionData, useLocation, useNavigation } from "react-router";
import { useApi } from "../../../lib/api-context.tsx";
import type { FormResult } from "../../../lib/forms.ts";
import { PageHead } from "../../../lib/head.tsx";
import { t } from "../../../lib/i18n.ts";
import { TransientKeyField } from "../../../lib/session.tsx";
import { Button } from "../../../ui/button/Button.tsx";
import { FormAlert } from "../../../ui/forms/Form.tsx";
import { BellIcon } from "../../../ui/icons/icons.tsx";
import { RecordPageList } from "../../../ui/record-list/RecordPageList.tsx";
import { meQuery } from "../../users/index.ts";
import { NotificationList } from "../components/NotificationList.tsx";
import { notificationLimits, notificationsQuery } from "../notifications.queries.ts";
import { notificationsPagePath, preferencesPagePath } from "../notifications.urls.ts";
import { useMarkRead } from "../useMarkRead.ts";
import styles from "./NotificationPages.module.css";

/** `?page=` (spec §2: defaults to 1); null when it is not a page number. */
export function readNotificationsPage(search: URLSearchParams): number | null {
  const raw = search.get("page");
  if (raw === null || raw === "") return 1;
  return /^[1-9]\d{0,4}$/.test(raw) ? Number(raw) : null;
}

/**
 * `/profile/notifications`: every notification, newest first, paged with real links; 'Mark All
 * Read' is a form (a POST without JavaScript).
 */
export function NotificationsPage() {
  const api = useApi();
  const location = useLocation();
  const page = readNotificationsPage(new URLSearchParams(location.search)) ?? 1;
  const limit = notificationLimits.page;
  const { data } = useSuspenseQuery(notificationsQuery(api, page, limit));
  const { data: me } = useQuery(meQuery(api));
  const result = useActionData<FormResult>();
  const busy = useNavigation().state === "submitting";
  const markRead = useMarkRead();
  const anyUnread = (me?.countUnreadNotifications ?? 0) > 0 || data.items.some((item) => !item.read);
  return (
    <section className={styles.page} aria-labelledby="notifications-title">
      <PageHead title={t("Notifications")} canonical={notificationsPagePath(page)} noindex />
      <div className={styles.header}>
        <h1 id="notifications-title" className={styles.title}>
          {t("Notifications")}
        </h1>
        <Form method="post" action={location.pathname + location.search} className={styles.headerForm}>
          <TransientKeyField />
          <input type="hidden" name="intent" value="markAllRead" />
          <Button type="submit" buttonType="standard" isDisabled={!anyUnread} isPending={busy}>
            {t("Mark All Read")}
          </Button>
        </Form>
      </div>
      {result?.message ? <FormAlert kind={result.ok ? "success" : "error"}>{result.message}</FormAlert> : null}
      <p className={styles.intro}>
        <Link to={preferencesPagePath}>{t("Notification Preferences")}</Link>
      </p>
      <RecordPageList
        count={data.items.length}
        emptyText={t("You do not have any notifications yet.")}
        emptyIcon={<BellIcon size={32} strokeWidth={1.5} />}
        pager={{ page, limit, hasMore: data.hasMore, href: notificationsPagePath, label: t("Notification pages") }}
      >
        <NotificationList
          items={data.items}
          labelledBy="notifications-title"
          onRead={(ids) => ids.forEach((id) => markRead.mutate(id))}
        />
      </RecordPageList>
    </section>
  );
}
