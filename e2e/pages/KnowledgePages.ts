import type { Locator, Response } from "playwright-core";
import { BodyEditor } from "./BodyEditor.ts";
import { ParleyPage } from "./ParleyPage.ts";

/** The structured data a page declares in its head (`application/ld+json`). */
export interface StructuredArticle {
  "@type": string;
  headline: string;
  url: string;
  author: { "@type": string; name: string };
  datePublished: string;
  dateModified: string;
}

/**
 * The knowledge base's pages: `/kb` (the bases), `/kb/{urlCode}` (a help centre's categories or a
 * guide), `/kb/categories/{id}-{slug}` (a category's articles), `/kb/articles/{id}-{slug}` (an article)
 * and the article editor.
 */
export class KnowledgePages extends ParleyPage {
  gotoBases(): Promise<Response> {
    return this.open("/kb");
  }

  gotoBase(urlCode: string): Promise<Response> {
    return this.open(`/kb/${urlCode}`);
  }

  /** A knowledge base's card on `/kb` (its heading links to it). */
  baseLink(name: string): Locator {
    return this.main.getByRole("heading", { name, exact: true }).getByRole("link");
  }

  /** A help centre's category card, by its name. */
  section(name: string): Locator {
    return this.main
      .getByRole("listitem")
      .filter({ has: this.page.getByRole("heading", { name, exact: true, level: 2 }) });
  }

  /** "View all" of a help centre's category card. */
  viewAll(categoryName: string): Locator {
    return this.main.getByRole("link", { name: `View all articles in ${categoryName}`, exact: true });
  }

  /** The titles under "Featured Articles" on a help centre's home. */
  async featuredTitles(): Promise<string[]> {
    const section = this.main.getByRole("region", { name: "Featured Articles" });
    if ((await section.count()) === 0) return [];
    return section.getByRole("heading", { level: 3 }).allInnerTexts();
  }

  get breadcrumbs(): Locator {
    return this.main.getByRole("navigation", { name: "Breadcrumb" });
  }

  async breadcrumbTexts(): Promise<string[]> {
    return (await this.breadcrumbs.getByRole("listitem").allInnerTexts()).map((text) => text.trim());
  }

  /** A link to an article (or a category) in the page's main content, by its text. */
  link(name: string): Locator {
    return this.main.getByRole("link", { name, exact: true });
  }

  /** The article titles a category page lists. */
  async articleTitles(): Promise<string[]> {
    return this.main.getByRole("region", { name: "Articles" }).getByRole("heading", { level: 3 }).allInnerTexts();
  }

  get pager(): Locator {
    return this.main.getByRole("navigation", { name: "Article pages" });
  }

  /** The guide's navigation beside its articles. */
  guideNavigation(guideName: string): Locator {
    return this.main.getByRole("navigation", { name: guideName, exact: true });
  }

  // The article page

  get tableOfContents(): Locator {
    return this.main.getByRole("navigation", { name: "On this page" });
  }

  get articleBody(): Locator {
    return this.main.locator("article > div").first();
  }

  get helpful(): Locator {
    return this.main.getByRole("region", { name: "Was this article helpful?" });
  }

  helpfulButton(answer: "Yes" | "No"): Locator {
    return this.helpful.getByRole("button", { name: answer, exact: true });
  }

  get helpfulStatus(): Locator {
    return this.helpful.getByRole("status");
  }

  get helpfulSignIn(): Locator {
    return this.helpful.getByRole("link", { name: "Sign in", exact: true });
  }

  /** The editors' Edit link by the article's title. */
  get editLink(): Locator {
    return this.main.getByRole("link", { name: /^Edit / });
  }

  get optionsButton(): Locator {
    return this.main.getByRole("button", { name: "Article Options", exact: true });
  }

  menuItem(name: string): Locator {
    return this.page.getByRole("menuitem", { name, exact: true });
  }

  toast(text: string): Locator {
    return this.page.getByText(text, { exact: true });
  }

  get newArticleLink(): Locator {
    return this.main.getByRole("link", { name: "New Article", exact: true });
  }

  /** The page's schema.org data (the first `application/ld+json` script), parsed. */
  async structuredData(): Promise<StructuredArticle> {
    const text = await this.page.locator('head script[type="application/ld+json"]').first().textContent();
    return JSON.parse(text ?? "null") as StructuredArticle;
  }

  // The editor

  field(label: "Title" | "Category"): Locator {
    return this.main.getByLabel(label, { exact: true });
  }

  /** The rich editor (with JavaScript), or the plain text area named "Body". */
  get bodyEditor(): BodyEditor {
    return new BodyEditor(this.page, "Body", this.main);
  }

  get plainBody(): Locator {
    return this.main.locator('textarea[name="body"]');
  }

  get saveButton(): Locator {
    return this.main.getByRole("button", { name: "Save", exact: true });
  }
}
