import type { Locator, Response } from "playwright-core";
import { DashboardPage } from "./DashboardPage.ts";
import { ParleyPage } from "./ParleyPage.ts";

/** A member's profile as far as warnings go: the Warn button and form, the warnings list, moderators' notes. */
export class ProfileWarningsPage extends ParleyPage {
  goto(memberName: string): Promise<Response> {
    return this.open(`/profile/${encodeURIComponent(memberName)}`);
  }

  warnButton(memberName: string): Locator {
    return this.main.getByRole("link", { name: `Warn ${memberName}`, exact: true });
  }

  get warningsSection(): Locator {
    return this.main.getByRole("region", { name: "Warnings" });
  }

  get notesSection(): Locator {
    return this.main.getByRole("region", { name: "Moderator Notes" });
  }

  warning(reason: string): Locator {
    return this.warningsSection.getByRole("listitem").filter({ hasText: reason });
  }

  /** Fills the warn form (opened by the Warn button); the caller submits with `submitAndWait(submitWarning)`. */
  async fillWarning(reason: string, points: number, expireDays: number): Promise<void> {
    await this.warningsSection.getByLabel("Reason").fill(reason);
    await this.warningsSection.getByLabel("Points").fill(String(points));
    await this.warningsSection.getByLabel("Expires after (days)").fill(String(expireDays));
  }

  get submitWarning(): Locator {
    return this.warningsSection.getByRole("button", { name: "Warn", exact: true });
  }

  get noteField(): Locator {
    return this.notesSection.getByLabel("Add a note");
  }

  get addNoteButton(): Locator {
    return this.notesSection.getByRole("button", { name: "Add Note" });
  }
}

/** What a read-only member sees where a posting form would be. */
export class ReadOnlyView extends ParleyPage {
  goto(pathname: string): Promise<Response> {
    return this.open(pathname);
  }

  get notice(): Locator {
    return this.main.getByTestId("read-only-notice");
  }

  get commentForm(): Locator {
    return this.main.locator("[data-part=comment-form]");
  }

  /** The posting actions a read-only member must not be offered: Reply, Quote, New Discussion. */
  get postingActions(): Locator {
    return this.main
      .getByRole("link", { name: "Reply", exact: true })
      .or(this.main.getByRole("button", { name: "Quote", exact: true }))
      .or(this.main.getByRole("link", { name: "New Discussion" }));
  }
}

/** The moderation messages at the top of a forum page. */
export class ModerationMessagesView extends ParleyPage {
  goto(pathname = "/"): Promise<Response> {
    return this.open(pathname);
  }

  message(text: string): Locator {
    return this.main.getByTestId("moderation-message").filter({ hasText: text });
  }

  dismissButton(text: string): Locator {
    return this.message(text).getByRole("button", { name: "Dismiss" });
  }
}

/** `/dashboard/moderation/messages`: the moderation messages and the add form. */
export class ModerationMessagesPage extends DashboardPage {
  override goto(): Promise<Response> {
    return this.open("/dashboard/moderation/messages");
  }

  /** Fills the add form (the last form of the page); the caller submits with `submitAndWait(addButton)`. */
  async fillNew(body: string, options: { dismissible?: boolean } = {}): Promise<void> {
    const form = this.addForm;
    await form.getByLabel("Message").fill(body);
    if (options.dismissible) await form.getByLabel("Readers may dismiss it (remembered in their browser)").check();
  }

  get addForm(): Locator {
    return this.main.locator("form").filter({ has: this.page.getByRole("button", { name: "Add Message" }) });
  }

  get addButton(): Locator {
    return this.main.getByRole("button", { name: "Add Message" });
  }

  listed(text: string): Locator {
    return this.main.getByRole("listitem").filter({ hasText: text });
  }
}
