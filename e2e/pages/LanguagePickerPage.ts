import type { Locator, Response } from "playwright-core";
import { ParleyPage } from "./ParleyPage.ts";

/** Any page, read for its locale: the footer's language picker, the document's lang and dir. */
export class LanguagePickerPage extends ParleyPage {
  /** The picker's form in the footer (its words are in the page's locale, so found by its part). */
  get form(): Locator {
    return this.page.locator('footer [data-part="language-picker"]');
  }

  get select(): Locator {
    return this.form.getByRole("combobox");
  }

  get changeButton(): Locator {
    return this.form.getByRole("button");
  }

  /** The names the picker offers, as shown. */
  options(): Promise<string[]> {
    return this.select.locator("option").allInnerTexts();
  }

  /** Picks a language by its shown name with the keyboard and submits: the page comes back in it. */
  async choose(name: string): Promise<void> {
    await this.select.selectOption({ label: name });
    await this.changeButton.focus();
    // The form goes to /locale, which answers 303 back to the page: wait for that page's own answer.
    const back = this.page.waitForResponse((response) => {
      const from = response.request().redirectedFrom();
      return from !== null && new URL(from.url()).pathname === "/locale";
    });
    await this.page.keyboard.press("Enter");
    await back;
    await this.page.waitForLoadState("load");
  }

  htmlLang(): Promise<string | null> {
    return this.page.locator("html").getAttribute("lang");
  }

  htmlDir(): Promise<string | null> {
    return this.page.locator("html").getAttribute("dir");
  }

  /** The document's first HTML as the server sends it, with the browser context's cookies. */
  async serverHtml(pathname: string, headers: Record<string, string> = {}): Promise<string> {
    const answer = await this.page.request.get(this.baseUrl + pathname, { headers });
    return answer.text();
  }

  /** Sets the locale as a link or form without JavaScript would: `/locale?locale=…&target=…`. */
  openInLocale(locale: string, target: string): Promise<Response> {
    return this.open(`/locale?locale=${encodeURIComponent(locale)}&target=${encodeURIComponent(target)}`);
  }
}
