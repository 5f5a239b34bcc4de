import type { Locator, Response } from "playwright-core";
import { ParleyPage } from "./ParleyPage.ts";

/** `/profile/preferences`: a checkbox per activity and channel (popup, e-mail), and Save. */
export class NotificationPreferencesPage extends ParleyPage {
  goto(): Promise<Response> {
    return this.open("/profile/preferences");
  }

  /** The checkbox of an activity ("Mention") on a channel ("Email", "Notification Popup"). */
  preference(activity: string, channel: string): Locator {
    return this.page.getByRole("checkbox", { name: new RegExp(`^${activity} .*${channel}$`) });
  }

  async save(): Promise<void> {
    await this.page.getByRole("button", { name: "Save" }).click();
  }
}

/** `/unsubscribe/{token}`: the landing page of an e-mail's unsubscribe link; its button unsubscribes. */
export class UnsubscribePage extends ParleyPage {
  async unsubscribe(): Promise<void> {
    await this.page.getByRole("button", { name: "Unsubscribe" }).click();
  }
}
