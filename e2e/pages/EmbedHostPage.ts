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

  /** A link of the host page itself. */
  hostLink(name: string): Locator {
    return this.page.getByRole("link", { name });
  }

  /** The embed element, by the title the host gives it. */
  titled(title: string): Locator {
    return this.page.getByTitle(title);
  }
}
