import type { FrameLocator, Locator, Page, Response } from "playwright-core";

/** A site that embeds the forum (`<vanilla-embed>`): its own links and title, and the forum in the frame. */
export class EmbedHostPage {
  constructor(
    readonly page: Page,
    readonly hostUrl: string,
  ) {}

  /** Opens a host page, the forum's address in its hash (`/community#/discussions`). */
  async open(pathname: string): Promise<Response | null> {
    return this.page.goto(this.hostUrl + pathname);
  }

  /** The forum inside the host page. */
  get forum(): FrameLocator {
    return this.page.frameLocator("vanilla-embed iframe");
  }

  /**
   * Resolves once the forum in the frame runs embedded (its links to other sites go to the host's window).
   * Before that, a click is the plain link's: the sandboxed frame navigates itself.
   */
  async forumEmbedded(): Promise<void> {
    await this.forum.locator("html[data-embed='framed']").waitFor({ state: "attached" });
  }

  /** A heading of the forum page in the frame. */
  forumHeading(name: string, options: { exact?: boolean } = {}): Locator {
    return this.forum.getByRole("heading", { name, ...options });
  }

  forumLink(name: string): Locator {
    return this.forum.getByRole("link", { name });
  }

  /** The frame's main region (a form in it: the sign-in page's fields). */
  get forumMain(): Locator {
    return this.forum.getByRole("main");
  }

  /** The signed-in member's name in the forum's title bar, in the frame. */
  forumMemberName(name: string): Locator {
    return this.forum.getByRole("banner").getByText(name, { exact: true });
  }

  /** The guest's "Sign In" link in the forum's title bar, in the frame. */
  get forumSignInLink(): Locator {
    return this.forum.getByRole("banner").getByRole("link", { name: "Sign In", exact: true });
  }

  /** Types a comment on the discussion shown in the frame and presses "Post Comment". */
  async postForumComment(body: string): Promise<void> {
    await this.forumMain.getByLabel("Comment", { exact: true }).fill(body);
    await this.forumMain.getByRole("button", { name: "Post Comment", exact: true }).click();
  }

  /** A text of the forum page in the frame (a comment's body). */
  forumText(text: string): Locator {
    return this.forumMain.getByText(text, { exact: true });
  }

  /** Signs in on the forum's sign-in page shown in the frame. */
  async signInInForum(name: string, password: string): Promise<void> {
    await this.forumMain.getByLabel("Email/Username", { exact: true }).fill(name);
    await this.forumMain.getByLabel("Password", { exact: true }).fill(password);
    await this.forumMain.getByRole("button", { name: "Sign In" }).click();
  }

  /** Signs out inside the frame: the My Account menu's "Sign Out", then the Sign Out page's button. */
  async signOutInForum(): Promise<void> {
    await this.forum.getByRole("banner").locator('button[data-menu="account"]').click();
    await this.forum
      .getByRole("dialog", { name: "My Account" })
      .getByRole("link", { name: "Sign Out", exact: true })
      .click();
    await this.forumMain.getByRole("button", { name: "Sign Out", exact: true }).click();
  }

  /** A link of the host page itself. */
  hostLink(name: string): Locator {
    return this.page.getByRole("link", { name });
  }

  /** The embed element, by the title the host gives it. */
  titled(title: string): Locator {
    return this.page.getByTitle(title);
  }
}
