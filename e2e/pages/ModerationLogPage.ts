import type { Locator, Response } from "playwright-core";
import { ParleyPage } from "./ParleyPage.ts";

/** `/log/filter`: a record's revision history, or a discussion's deleted comments, for moderators. */
export class ModerationLogPage extends ParleyPage {
  /** The deleted comments of a discussion. */
  gotoDeletedComments(discussionID: number): Promise<Response> {
    return this.open(ModerationLogPage.deletedCommentsPath(discussionID));
  }

  static deletedCommentsPath(discussionID: number): string {
    return `/log/filter?parentRecordID=${discussionID}&recordType=comment&operation=delete`;
  }

  /** The page's main landmark. */
  get content(): Locator {
    return this.page.getByRole("main");
  }

  /** The page's title: "Revision History" or "Deleted Comments". */
  title(name: string): Locator {
    return this.content.getByRole("heading", { level: 1, name });
  }

  /** The log entries: an edit with its before and after, or a deleted comment. */
  get entries(): Locator {
    return this.content.getByRole("article");
  }

  get restoreButton(): Locator {
    return this.content.getByRole("button", { name: "Restore" });
  }

  /** The confirmation that shows once an entry is restored. */
  restored(text: string): Locator {
    return this.content.getByRole("status").filter({ hasText: text });
  }

  get viewCommentLink(): Locator {
    return this.content.getByRole("link", { name: "View the comment" });
  }
}
