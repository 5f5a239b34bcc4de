import type { Locator, Response } from "playwright-core";
import { BodyEditor } from "./BodyEditor.ts";
import { ParleyPage } from "./ParleyPage.ts";

/**
 * The groups' pages: `/groups` (cards, My Groups, sort, pager), a group's page (its header, the viewer's
 * action and its discussions), its members page (leaders' controls), the group editor, and the
 * create-post page in a group.
 */
export class GroupPages extends ParleyPage {
  gotoList(query = ""): Promise<Response> {
    return this.open(`/groups${query}`);
  }

  // /groups

  /** A group's card, by the group's name (its heading). */
  card(name: string): Locator {
    return this.main
      .getByRole("listitem")
      .filter({ has: this.page.getByRole("heading", { name, exact: true, level: 2 }) });
  }

  /** The link to a group in its card. */
  cardLink(name: string): Locator {
    return this.card(name).getByRole("link", { name, exact: true });
  }

  async cardNames(): Promise<string[]> {
    return this.main.getByRole("heading", { level: 2 }).allInnerTexts();
  }

  get newGroupLink(): Locator {
    return this.main.getByRole("link", { name: "New Group", exact: true });
  }

  get filters(): Locator {
    return this.main.getByRole("navigation", { name: "Group filters" });
  }

  get pager(): Locator {
    return this.main.getByRole("navigation", { name: "Group pages" });
  }

  // A group's page

  get breadcrumbs(): Locator {
    return this.main.getByRole("navigation", { name: "Breadcrumb" });
  }

  async breadcrumbTexts(): Promise<string[]> {
    return (await this.breadcrumbs.getByRole("listitem").allInnerTexts()).map((text) => text.trim());
  }

  get privacyBadge(): Locator {
    return this.main.locator("header").getByText(/^(Public|Private|Secret)$/);
  }

  get discussions(): Locator {
    return this.main.getByRole("region", { name: "Discussions" });
  }

  /** The titles of the group's discussions. */
  async discussionTitles(): Promise<string[]> {
    return this.discussions.getByRole("heading", { level: 3 }).allInnerTexts();
  }

  get membersOnlyNotice(): Locator {
    return this.main.getByText("This group is private: only its members can read its discussions.", { exact: true });
  }

  get applyDisclosure(): Locator {
    return this.main.locator("summary", { hasText: "Apply to join" });
  }

  get reason(): Locator {
    return this.main.getByLabel("Why do you want to join?", { exact: true });
  }

  get pendingStatus(): Locator {
    return this.main.getByText("Your application is waiting for review.", { exact: true });
  }

  get newDiscussionLink(): Locator {
    return this.main.getByRole("link", { name: "New Discussion", exact: true });
  }

  get membersLink(): Locator {
    return this.main.getByRole("link", { name: "Members", exact: true });
  }

  button(name: string): Locator {
    return this.main.getByRole("button", { name, exact: true });
  }

  /** The notice a form post answers with (success or error). */
  message(text: string): Locator {
    return this.main.getByText(text, { exact: true });
  }

  // The members page

  section(name: "Leaders" | "Members" | "Applications" | "Invite Members"): Locator {
    return this.main.getByRole("region", { name, exact: true });
  }

  async memberNames(section: "Leaders" | "Members"): Promise<string[]> {
    return this.section(section).getByRole("listitem").getByRole("link").allInnerTexts();
  }

  // The editor and the create-post page

  field(label: string): Locator {
    return this.main.getByLabel(label, { exact: true });
  }

  privacy(label: "Public" | "Private" | "Secret"): Locator {
    return this.main.getByRole("radio", { name: label });
  }

  get bodyEditor(): BodyEditor {
    return new BodyEditor(this.page, "Body", this.main);
  }

  get postingIn(): Locator {
    return this.main.getByText(/^Posting in /);
  }
}
