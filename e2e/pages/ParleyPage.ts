import type { Locator, Page, Response } from "playwright-core";

/** What every Parley page has: the skip link, the title bar, the main region and the document head. */
export class ParleyPage {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
  ) {}

  /** Loads a root-relative path; the document response tells the HTTP status. */
  async open(pathname: string): Promise<Response> {
    const response = await this.page.goto(this.baseUrl + pathname);
    if (!response) throw new Error(`No document response for ${pathname}.`);
    return response;
  }

  /** Whether an image has loaded (its file was served and decoded). */
  imageLoaded(image: Locator): Promise<boolean> {
    return image.evaluate(
      (element) => (element as HTMLImageElement).complete && (element as HTMLImageElement).naturalWidth > 0,
    );
  }

  get skipLink(): Locator {
    return this.page.getByRole("link", { name: "Skip to content" });
  }

  /** The page's footer (its contentinfo landmark). */
  get footer(): Locator {
    return this.page.getByRole("contentinfo");
  }

  get main(): Locator {
    return this.page.locator("main#content");
  }

  get heading(): Locator {
    return this.main.getByRole("heading", { level: 1 });
  }

  get mainNavigation(): Locator {
    return this.page.getByRole("navigation", { name: "Main navigation" });
  }

  /** The title bar (the page's banner). */
  get titleBar(): Locator {
    return this.page.getByRole("banner");
  }

  /** The title bar's logo link (to the home page): the site's name as text, or the theme's logo image. */
  get titleBarLogo(): Locator {
    return this.titleBar.getByRole("link", { name: "Parley", exact: true }).first();
  }

  /**
   * What the theme makes of the page, as computed: the title bar's colours, its logo image (if any, with
   * its text alternative) and a control's corners, background, border and text colour.
   */
  async worn(control: Locator): Promise<{
    titleBarBg: string;
    titleBarFg: string;
    logo: { src: string; alt: string; width: number; height: number } | null;
    control: { radius: string; background: string; border: string; color: string; fontFamily: string };
  }> {
    const bar = await this.titleBar.evaluate((header) => {
      const style = getComputedStyle(header);
      const image = Array.from(header.querySelectorAll("a img")).find(
        (img) => (img as HTMLElement).offsetParent !== null,
      ) as HTMLImageElement | undefined;
      return {
        titleBarBg: style.backgroundColor,
        titleBarFg: style.color,
        logo: image
          ? {
              src: new URL(image.src).pathname,
              alt: image.alt,
              width: image.getBoundingClientRect().width,
              height: image.getBoundingClientRect().height,
            }
          : null,
      };
    });
    const look = await control.evaluate((element) => {
      const style = getComputedStyle(element);
      return {
        radius: style.borderTopLeftRadius,
        background: style.backgroundColor,
        border: style.borderTopColor,
        color: style.color,
        fontFamily: style.fontFamily,
      };
    });
    return { ...bar, control: look };
  }

  /** A control's box as drawn: its height and its minimum width (the theme's button sizes), in CSS pixels. */
  async controlSize(control: Locator): Promise<{ height: number; minWidth: string }> {
    return control.evaluate((element) => ({
      height: element.getBoundingClientRect().height,
      minWidth: getComputedStyle(element).minWidth,
    }));
  }

  /**
   * Presses a form's button and waits for the write it sends (the first answer to a request that is not a
   * read: the API call, or the form post without JavaScript), so that what follows sees it. Waiting for the
   * confirmation instead could pass at once on the one an earlier save left on screen.
   */
  async submitAndWait(button: Locator): Promise<void> {
    await Promise.all([
      this.page.waitForResponse((response) => !["GET", "HEAD"].includes(response.request().method())),
      button.click(),
    ]);
  }

  /** The guest's "Sign In" link in the title bar. */
  get signInLink(): Locator {
    return this.titleBar.getByRole("link", { name: "Sign In", exact: true });
  }

  /** The guest's "Register" link in the title bar. */
  get registerLink(): Locator {
    return this.titleBar.getByRole("link", { name: "Register", exact: true });
  }

  /** The member's "Sign Out" link: in the My Account menu, or in the bar itself without JavaScript. */
  get signOutLink(): AccountMenuLink {
    return new AccountMenuLink(this, "Sign Out");
  }

  /** A link of the member's My Account menu ("Bookmarks", "My Discussions"), opened when it is closed. */
  accountMenuLink(name: string): AccountMenuLink {
    return new AccountMenuLink(this, name);
  }

  /** The signed-in member's name as the title bar shows it. */
  memberName(name: string): Locator {
    return this.titleBar.getByText(name, { exact: true });
  }

  /** "Your email address is not confirmed." below the title bar. */
  get unconfirmedNotice(): Locator {
    return this.page.getByRole("status").filter({ hasText: "Your email address is not confirmed." });
  }

  /** A status message (a toast, a form's confirmation) that contains `text`. */
  statusMessage(text: string | RegExp): Locator {
    return this.page.getByRole("status").filter({ hasText: text });
  }

  /** An alert (a refusal, a form's error) that contains `text`. */
  alertMessage(text: string | RegExp): Locator {
    return this.page.getByRole("alert").filter({ hasText: text });
  }

  /** Text anywhere on the page. */
  text(text: string | RegExp, options: { exact?: boolean } = {}): Locator {
    return this.page.getByText(text, options);
  }

  /** A dialog (a modal, a confirmation, a menu) by its accessible name. */
  dialogNamed(name: string | RegExp): Locator {
    return this.page.getByRole("dialog", { name });
  }

  /** A heading anywhere on the page, by its accessible name. */
  headingNamed(name: string | RegExp, options: { exact?: boolean } = {}): Locator {
    return this.page.getByRole("heading", { name, ...options });
  }

  /** The title bar's "Sign In" link when it leads back to `target` (its `?Target=`). */
  signInLinkTo(target: string): Locator {
    return this.signInLink.and(this.page.locator(`[href="/entry/signin?Target=${encodeURIComponent(target)}"]`));
  }

  /** The page's level-1 heading, wherever it is (an error page's too). */
  get pageHeading(): Locator {
    return this.page.getByRole("heading", { level: 1 });
  }

  /** The app's script tags (none where the page waits for an intent to load it). */
  get appScripts(): Locator {
    return this.page.locator("script[data-parley-app]");
  }

  /** The document's `<meta name="robots">` content, or null. */
  robots(): Promise<string | null> {
    return this.page.locator('head meta[name="robots"]').getAttribute("content");
  }

  /** The element a control (an Expand button) names in its aria-controls. */
  async controlledBy(control: Locator): Promise<Locator> {
    return this.page.locator(`#${await control.getAttribute("aria-controls")}`);
  }

  /** The body element's class attribute ('isLoading' until the client has taken over). */
  bodyClass(): Promise<string | null> {
    return this.page.locator("body").getAttribute("class");
  }

  /** The footer's picker of the reader's content language. */
  /** The banner an administrator sees on every page while previewing a theme (Cancel, Apply). */
  get themePreviewBanner(): Locator {
    return this.page.getByRole("region", { name: "Theme preview" });
  }

  /** The signed-in user as the API sees this page's session (userID 0 for a guest). */
  async me(): Promise<{ userID: number; name: string; emailConfirmed: boolean }> {
    const response = await this.page.request.get(`${this.baseUrl}/api/v2/users/me`);
    if (!response.ok()) throw new Error(`GET /api/v2/users/me answered ${response.status()}.`);
    return (await response.json()) as { userID: number; name: string; emailConfirmed: boolean };
  }

  /** How the focused element draws its focus outline, and the background of the title bar. */
  async focusStyle(): Promise<{
    outlineStyle: string;
    outlineWidth: string;
    outlineColor: string;
    titleBarBackground: string;
  }> {
    return this.page.evaluate(() => {
      const element = document.activeElement ?? document.body;
      const style = getComputedStyle(element);
      const titleBar = document.querySelector("header");
      return {
        outlineStyle: style.outlineStyle,
        outlineWidth: style.outlineWidth,
        outlineColor: style.outlineColor,
        titleBarBackground: titleBar ? getComputedStyle(titleBar).backgroundColor : "",
      };
    });
  }

  /** The pathname of the current URL. */
  pathname(): string {
    return new URL(this.page.url()).pathname;
  }

  async canonicalHref(): Promise<string | null> {
    const link = this.page.locator('head link[rel="canonical"]');
    return (await link.count()) === 1 ? link.getAttribute("href") : null;
  }

  /** The accessible name of the focused element, or its tag when it has no text. */
  async focusedElement(): Promise<{ tag: string; id: string; text: string; href: string | null }> {
    return this.page.evaluate(() => {
      const element = document.activeElement;
      return {
        tag: element?.tagName.toLowerCase() ?? "",
        id: element?.id ?? "",
        text: (element?.textContent ?? "").trim(),
        href: element?.getAttribute("href") ?? null,
      };
    });
  }
}

/**
 * A link of the member's My Account menu. With JavaScript the menu opens on demand (its button in
 * the title bar); without, the links show in the bar. `click`, `getAttribute` and `count` work either way.
 */
export class AccountMenuLink {
  constructor(
    private readonly parleyPage: ParleyPage,
    private readonly name: string,
  ) {}

  private async resolve(): Promise<Locator> {
    const { page, titleBar } = this.parleyPage;
    const inBar = titleBar.getByRole("link", { name: this.name, exact: true });
    if ((await inBar.count()) > 0) return inBar;
    const inMenu = page.getByRole("dialog", { name: "My Account" }).getByRole("link", { name: this.name, exact: true });
    if ((await inMenu.count()) > 0) return inMenu;
    const trigger = titleBar.locator('button[data-menu="account"]');
    if ((await trigger.count()) === 0 || !(await trigger.isVisible())) return inBar;
    await page.waitForFunction(() => (window as Window & { __parleyReady?: boolean }).__parleyReady === true);
    await trigger.click();
    await inMenu.waitFor();
    return inMenu;
  }

  async click(): Promise<void> {
    await (await this.resolve()).click();
  }

  async getAttribute(name: string): Promise<string | null> {
    return (await this.resolve()).getAttribute(name);
  }

  async count(): Promise<number> {
    return (await this.resolve()).count();
  }
}
