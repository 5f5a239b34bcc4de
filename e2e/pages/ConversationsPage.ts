import { BodyEditor } from "./BodyEditor.ts";
import type { Locator, Response } from "playwright-core";
import { ReportDialog } from "./ReportDialog.ts";
import { TitleBarPage } from "./TitleBarPage.ts";

/** The Messages dropdown, `/messages`, `/messages/{id}` and the composer `/messages/add[/{name}]`. */
export class ConversationsPage extends TitleBarPage {
  goto(pathname = "/messages"): Promise<Response> {
    return this.open(pathname);
  }

  /** The Messages dropdown (desktop) or its tab in the member panel (compact). */
  get menu(): Locator {
    return this.page.locator('[data-part="messages-menu"]');
  }

  /** Why a new member may not start a conversation yet (on `/messages` and `/messages/add`). */
  get newMemberNotice(): Locator {
    return this.main.locator('[data-part="new-member-messages"]');
  }

  get newMessageForm(): Locator {
    return this.main.locator('[data-part="new-message-form"]');
  }

  get newMessageLink(): Locator {
    return this.main.getByRole("link", { name: "New Message", exact: true });
  }

  /** The conversations list (dropdown or page). */
  get list(): Locator {
    return this.page.getByRole("list", { name: "Messages" });
  }

  conversation(text: string | RegExp): Locator {
    return this.list.getByRole("link", { name: text });
  }

  get unreadConversations(): Locator {
    return this.list.locator('li[data-unread="true"]');
  }

  /** The badge as the title bar button names it: 'Messages, 1 unread' or 'Messages'. */
  async badgeLabel(): Promise<string | null> {
    return this.messagesButton.getAttribute("aria-label");
  }

  get messages(): Locator {
    return this.page.locator('[data-part="messages"] > li');
  }

  message(text: string): Locator {
    return this.messages.filter({ hasText: text });
  }

  /** Opens the report dialog of the message containing `text` (its "Report" button) and answers the dialog. */
  async reportMessage(text: string): Promise<ReportDialog> {
    await this.message(text).getByRole("button", { name: "Report", exact: true }).click();
    const dialog = new ReportDialog(this.page, "Report Message");
    await dialog.dialog.waitFor();
    return dialog;
  }

  get recipients(): Locator {
    return this.page.getByLabel("Recipients");
  }

  /** The composer's message field. */
  get body(): Locator {
    return this.page.locator('[data-part="new-message-form"]').getByLabel("Message", { exact: true });
  }

  get reply(): Locator {
    return this.page.getByLabel("Reply", { exact: true });
  }

  /** The composer's rich editor (it replaces the text area once the page runs). */
  get bodyEditor(): BodyEditor {
    return new BodyEditor(this.page, "Message", this.page.locator('[data-part="new-message-form"]'));
  }

  /** The reply form's rich editor. */
  get replyEditor(): BodyEditor {
    return new BodyEditor(this.page, "Reply", this.page.locator('[data-part="reply-form"]'));
  }

  /** The text of a message field, the text area's or the rich editor's. */
  async fieldText(field: Locator): Promise<string> {
    return (await field.evaluate((element) => element.tagName)) === "TEXTAREA"
      ? field.inputValue()
      : (await field.innerText()).trim();
  }

  /** The words a message shows in bold (its `<strong>`s). */
  boldIn(text: string): Promise<string[]> {
    return this.message(text).locator("strong").allInnerTexts();
  }

  get sendButton(): Locator {
    return this.page.getByRole("button", { name: "Send Message" });
  }
}
