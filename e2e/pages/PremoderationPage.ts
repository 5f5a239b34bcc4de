import type { Locator, Response } from "playwright-core";
import { DashboardPage } from "./DashboardPage.ts";

/** `/dashboard/content/premoderation`: posts held for approval or as spam, each with Approve and Reject. */
export class PremoderationPage extends DashboardPage {
  override goto(queue: "approval" | "spam" = "approval"): Promise<Response> {
    return this.open(`/dashboard/content/premoderation${queue === "spam" ? "?queue=spam" : ""}`);
  }

  /** The queue's tabs ("Awaiting approval", "Spam"). */
  tab(name: string): Locator {
    return this.main.getByRole("navigation", { name: "Queues" }).getByRole("link", { name, exact: true });
  }

  /** The held posts' entries that show a text. */
  items(text: string): Locator {
    return this.main.getByRole("list", { name: "Premoderation" }).getByRole("listitem").filter({ hasText: text });
  }

  /** A held post's entry, by the text it shows. */
  item(text: string): Locator {
    return this.items(text).first();
  }

  /** Why a post was held ("Too many links", "New member", …), as its entry says. */
  reason(text: string, label: string): Locator {
    return this.item(text).getByText(label, { exact: true });
  }

  approveButton(text: string): Locator {
    return this.item(text).getByRole("button", { name: "Approve", exact: true });
  }

  rejectButton(text: string): Locator {
    return this.item(text).getByRole("button", { name: "Reject", exact: true });
  }

  status(text: string): Locator {
    return this.main.getByRole("status").filter({ hasText: text });
  }
}
