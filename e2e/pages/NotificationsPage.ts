import type { Locator, Response } from "playwright-core";
import { TitleBarPage } from "./TitleBarPage.ts";

/** The Notifications dropdown, the notifications page and the discussion page's new-comments notice. */
export class NotificationsPage extends TitleBarPage {
  goto(page = 1): Promise<Response> {
    return this.open(page > 1 ? `/profile/notifications?page=${page}` : "/profile/notifications");
  }

  /** The dropdown (desktop) or the member panel (compact) that holds the list. */
  get menu(): Locator {
    return this.page.getByRole("dialog", { name: "Notifications" });
  }

  /** The list in the dropdown, or on the notifications page. */
  get list(): Locator {
    return this.page.getByRole("list", { name: "Notifications" });
  }

  /** A notification by (part of) its sentence. */
  notification(text: string | RegExp): Locator {
    return this.list.getByRole("link", { name: text });
  }

  get unreadNotifications(): Locator {
    return this.list.locator('li[data-read="false"]');
  }

  get markAllReadButton(): Locator {
    return this.page.getByRole("button", { name: "Mark All Read" });
  }

  get allNotificationsLink(): Locator {
    return this.page.getByRole("link", { name: "All Notifications" });
  }

  /** The badge as the title bar button names it: 'Notifications, 2 unread' or 'Notifications'. */
  async badgeLabel(): Promise<string | null> {
    return this.notificationsButton.getAttribute("aria-label");
  }

  /** "There is 1 new comment." on the discussion page, with its button. */
  get newCommentsNotice(): Locator {
    return this.page.getByRole("status").filter({ hasText: /new comments?\./ });
  }
}
