import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { collectErrors, screenshot, seriousAxeViolations, waitForHydration } from "./support/browser.ts";
import { newMember, registerConfirmed, signInContext } from "./support/accounts.ts";
import { signInAdmin } from "./support/content.ts";
import { useParley } from "./support/parley.ts";
import { adminPassword } from "./support/server.ts";
import { KnowledgePages } from "./pages/KnowledgePages.ts";
import { press, typeInto } from "./pages/ThemesPages.ts";

const parley = useParley();
const noJs = { javaScriptEnabled: false } as const;

/** The demo seed's help centre and one of its articles (with three headings). */
const helpCenter = {
  name: "Help Center",
  path: "/kb/help-center",
  categories: ["Getting Started", "Your Account", "Posting and Moderation"],
};
const gettingStarted = {
  name: "Getting Started",
  articles: ["Creating your account", "Finding your way around", "Following categories and notifications"],
};
const creatingYourAccount = {
  name: "Creating your account",
  headings: ["Registering", "Confirming your e-mail address", "Signing in"],
};

/** Follows a link and waits for the page it leads to (client-side or a document load). */
async function follow(page: Page, link: ReturnType<KnowledgePages["link"]>, url: RegExp | string) {
  await link.click();
  await page.waitForURL(url);
}

describe("knowledge base", () => {
  it("a guest reads /kb → Help Center → a category → an article, its table of contents working; accessible", async () => {
    // Short enough that following a heading of the article scrolls.
    const page = await parley.newPage({ bypassCSP: true, viewport: { width: 1280, height: 480 } });
    const problems = collectErrors(page);
    const kb = new KnowledgePages(page, parley.baseUrl);

    expect((await kb.gotoBases()).status()).toBe(200);
    await waitForHydration(page);
    expect(await kb.heading.innerText()).toBe("Knowledge Base");
    expect(await page.title()).toBe("Knowledge Base - Parley");
    expect(await kb.canonicalHref()).toBe(`${parley.baseUrl}/kb`);
    expect(await kb.baseLink("Administrator Guide").getAttribute("href")).toBe("/kb/admin-guide");
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "kb-bases");

    await follow(page, kb.baseLink(helpCenter.name), `${parley.baseUrl}${helpCenter.path}`);
    await kb.heading.filter({ hasText: helpCenter.name }).waitFor();
    for (const name of helpCenter.categories) expect(await kb.section(name).count()).toBe(1);
    expect(await kb.section(gettingStarted.name).getByRole("link").allInnerTexts()).toEqual([
      gettingStarted.name,
      ...gettingStarted.articles,
      "View all",
    ]);
    expect(await kb.breadcrumbTexts()).toEqual(["Knowledge Base", helpCenter.name]);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "kb-help-center");

    await follow(page, kb.viewAll(gettingStarted.name), /\/kb\/categories\/\d+-getting-started$/);
    await kb.heading.filter({ hasText: gettingStarted.name }).waitFor();
    expect(await kb.articleTitles()).toEqual(gettingStarted.articles);
    expect(await kb.breadcrumbTexts()).toEqual(["Knowledge Base", helpCenter.name, gettingStarted.name]);
    expect(await kb.canonicalHref()).toBe(page.url());
    expect(await kb.newArticleLink.count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await follow(page, kb.link(creatingYourAccount.name), /\/kb\/articles\/\d+-creating-your-account$/);
    await kb.heading.filter({ hasText: creatingYourAccount.name }).waitFor();
    const articleUrl = page.url();
    expect(await page.title()).toBe(`${creatingYourAccount.name} - Parley`);
    expect(await kb.canonicalHref()).toBe(articleUrl);
    expect(await kb.breadcrumbTexts()).toEqual([
      "Knowledge Base",
      helpCenter.name,
      gettingStarted.name,
      creatingYourAccount.name,
    ]);
    expect(await kb.main.getByText("By admin").count()).toBeGreaterThan(0);
    expect(await kb.editLink.count()).toBe(0);
    expect(await kb.optionsButton.count()).toBe(0);
    // Guests are offered to sign in rather than Yes / No.
    expect(await kb.helpfulButton("Yes").count()).toBe(0);
    expect(await kb.helpfulSignIn.getAttribute("href")).toMatch(/^\/entry\/signin\?Target=/);

    // "On this page": one link per heading; following one lands on its heading, below the title bar.
    const toc = kb.tableOfContents.getByRole("link");
    expect(await toc.allInnerTexts()).toEqual(creatingYourAccount.headings);
    await press(toc.nth(1));
    await page.waitForURL(`${articleUrl}#confirming-your-e-mail-address`);
    const heading = kb.main.getByRole("heading", { name: creatingYourAccount.headings[1], exact: true });
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    // Below the sticky title bar (48 px), at the top of what shows.
    const top = (await heading.boundingBox())!.y;
    expect(top).toBeGreaterThanOrEqual(48);
    expect(top).toBeLessThan(160);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "kb-article");

    // The guide: its navigation beside its first article, the article marked as the current page.
    await follow(page, kb.breadcrumbs.getByRole("link", { name: "Knowledge Base" }), `${parley.baseUrl}/kb`);
    await follow(page, kb.baseLink("Administrator Guide"), `${parley.baseUrl}/kb/admin-guide`);
    const navigation = kb.guideNavigation("Administrator Guide");
    await navigation.waitFor();
    expect(await navigation.locator('[aria-current="page"]').innerText()).toBe(await kb.heading.innerText());
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "kb-guide");
    expect(problems.errors).toEqual([]);
  });

  it("serves the same pages with their content without JavaScript: statuses, head, redirects and 404s", async () => {
    const page = await parley.newPage(noJs);
    const kb = new KnowledgePages(page, parley.baseUrl);

    expect((await kb.gotoBases()).status()).toBe(200);
    expect(await kb.baseLink(helpCenter.name).getAttribute("href")).toBe(helpCenter.path);

    expect((await kb.gotoBase("help-center")).status()).toBe(200);
    expect(await kb.section("Your Account").getByRole("link").count()).toBeGreaterThan(2);
    const categoryHref = (await kb.viewAll(gettingStarted.name).getAttribute("href"))!;

    expect((await kb.open(categoryHref)).status()).toBe(200);
    expect(await kb.articleTitles()).toEqual(gettingStarted.articles);
    // A page past the last one is not found; a wrong slug goes to the right one.
    expect((await kb.open(`${categoryHref}/p2`)).status()).toBe(404);
    const categoryID = /\/kb\/categories\/(\d+)-/.exec(categoryHref)![1];
    expect((await kb.open(`/kb/categories/${categoryID}-old-name`)).status()).toBe(200);
    expect(kb.pathname()).toBe(categoryHref);

    const articleHref = (await kb.link(creatingYourAccount.name).getAttribute("href"))!;
    const articleID = /\/kb\/articles\/(\d+)-/.exec(articleHref)![1];
    const redirected = await page.request.get(`${parley.baseUrl}/kb/articles/${articleID}-wrong-slug`, {
      maxRedirects: 0,
    });
    expect(redirected.status()).toBe(301);
    expect(redirected.headers()["location"]).toMatch(new RegExp(`${articleHref}$`));

    const response = await kb.open(articleHref);
    expect(response.status()).toBe(200);
    expect(await kb.heading.innerText()).toBe(creatingYourAccount.name);
    expect(await kb.tableOfContents.getByRole("link").allInnerTexts()).toEqual(creatingYourAccount.headings);
    for (const text of creatingYourAccount.headings)
      expect(await kb.articleBody.getByRole("heading", { name: text, exact: true }).count()).toBe(1);
    expect(await page.title()).toBe(`${creatingYourAccount.name} - Parley`);
    expect(await kb.canonicalHref()).toBe(`${parley.baseUrl}${articleHref}`);
    const data = await kb.structuredData();
    expect(data["@type"]).toBe("Article");
    expect(data.headline).toBe(creatingYourAccount.name);
    expect(data.author["@type"]).toBe("Person");
    expect(data.author.name).toBe("admin");
    expect(Date.parse(data.datePublished)).not.toBeNaN();
    expect(Date.parse(data.dateModified)).not.toBeNaN();
    await screenshot(page, "kb-article-no-js");

    // A guide: its navigation beside its first article.
    expect((await kb.gotoBase("admin-guide")).status()).toBe(200);
    const navigation = kb.guideNavigation("Administrator Guide");
    expect(await navigation.getByRole("link").count()).toBeGreaterThan(1);
    expect(await navigation.locator('[aria-current="page"]').innerText()).toBe(await kb.heading.innerText());

    for (const path of [
      "/kb/no-such-base",
      "/kb/categories/99999-nothing",
      "/kb/articles/99999-nothing",
      "/kb/articles/x",
    ])
      expect((await kb.open(path)).status(), path).toBe(404);
    expect(await kb.heading.innerText()).toBe("Article Not Found");
  });

  it("a member answers 'Was this article helpful?' (optimistic with JavaScript, a form post without)", async () => {
    const member = newMember("reader");
    await registerConfirmed(parley, member);
    const page = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(page);
    await signInContext(page, parley.baseUrl, member);
    const kb = new KnowledgePages(page, parley.baseUrl);
    expect((await kb.open("/kb/articles/2")).status()).toBe(200);
    await waitForHydration(page);
    expect(await kb.editLink.count()).toBe(0);
    expect(await kb.helpfulButton("Yes").getAttribute("aria-pressed")).toBe("false");

    // The answer shows at once (before the API answers), and stays.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/v2/articles/*/react", async (route) => {
      await held;
      await route.continue();
    });
    await press(kb.helpfulButton("Yes"));
    await expect.poll(() => kb.helpfulButton("Yes").getAttribute("aria-pressed")).toBe("true");
    expect(await kb.helpfulStatus.innerText()).toBe("Thanks for your feedback. 1 of 1 found this helpful.");
    const answered = page.waitForResponse((response) => response.url().includes("/react") && response.status() < 300);
    release();
    await answered;
    await page.unroute("**/api/v2/articles/*/react");
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.reload();
    await waitForHydration(page);
    expect(await kb.helpfulButton("Yes").getAttribute("aria-pressed")).toBe("true");
    expect(await kb.helpfulStatus.innerText()).toContain("1 of 1 found this helpful.");
    expect(problems.errors).toEqual([]);

    // Without JavaScript the same buttons post the form, and the page comes back answered.
    const plain = await parley.newPage(noJs);
    await signInContext(plain, parley.baseUrl, member);
    const kbPlain = new KnowledgePages(plain, parley.baseUrl);
    expect((await kbPlain.open("/kb/articles/3")).status()).toBe(200);
    await kbPlain.helpfulButton("No").click();
    await plain.waitForURL(/\/kb\/articles\/3-[\w-]+#article-helpful$/);
    expect(await kbPlain.helpfulButton("No").getAttribute("aria-pressed")).toBe("true");
    expect(await kbPlain.helpfulStatus.innerText()).toBe("Thanks for your feedback. 0 of 1 found this helpful.");
  });

  it("a moderator writes an article with the keyboard, edits it and features it", async () => {
    const admin = await signInAdmin(parley.baseUrl);
    const moderator = newMember("kbmod");
    const moderatorID = await registerConfirmed(parley, moderator);
    const roles = await admin.get<Array<{ roleID: number; name: string }>>("/roles");
    await admin.patch(`/users/${moderatorID}`, { roleID: [roles.find((role) => role.name === "Moderator")!.roleID] });

    const page = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(page);
    await signInContext(page, parley.baseUrl, moderator);
    const kb = new KnowledgePages(page, parley.baseUrl);
    expect((await kb.gotoBase("help-center")).status()).toBe(200);
    await waitForHydration(page);
    await press(kb.viewAll("Your Account"));
    await kb.heading.filter({ hasText: "Your Account" }).waitFor();

    // New Article, in this category.
    await press(kb.newArticleLink);
    await page.waitForURL(/\/kb\/articles\/add\?knowledgeCategoryID=\d+$/);
    await kb.heading.filter({ hasText: "New Article" }).waitFor();
    await waitForHydration(page);
    await kb.bodyEditor.waitForEditor();
    expect(await kb.field("Category").evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.text)).toBe(
      "Your Account",
    );
    // Saving without a title: the form says so next to the field, and keeps the rest.
    await kb.bodyEditor.text.focus();
    await page.keyboard.type("Go to your profile and choose Edit Profile to change your e-mail address.");
    await press(kb.saveButton);
    await kb.main.getByText("Give the article a title.").waitFor();
    expect(await kb.field("Title").getAttribute("aria-invalid")).toBe("true");
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "kb-editor-invalid");

    await typeInto(kb.field("Title"), "Changing your e-mail address");
    await press(kb.saveButton);
    await page.waitForURL(/\/kb\/articles\/\d+-changing-your-e-mail-address$/);
    await kb.heading.filter({ hasText: "Changing your e-mail address" }).waitFor();
    expect(await kb.articleBody.innerText()).toContain("choose Edit Profile");
    expect(await kb.breadcrumbTexts()).toEqual([
      "Knowledge Base",
      helpCenter.name,
      "Your Account",
      "Changing your e-mail address",
    ]);

    // Edit: a new title (and so a new address; the old one redirects to it).
    const firstUrl = page.url();
    await press(kb.editLink);
    await page.waitForURL(/\/kb\/articles\/\d+\/editor$/);
    await kb.heading.filter({ hasText: "Edit Article" }).waitFor();
    await waitForHydration(page);
    expect(await kb.field("Title").inputValue()).toBe("Changing your e-mail address");
    await typeInto(kb.field("Title"), "Changing your e-mail or password");
    await press(kb.saveButton);
    await page.waitForURL(/\/kb\/articles\/\d+-changing-your-e-mail-or-password$/);
    const articleUrl = page.url();
    await kb.heading.filter({ hasText: "Changing your e-mail or password" }).waitFor();
    expect(await kb.articleBody.innerText()).toContain("choose Edit Profile");
    const moved = await page.request.get(firstUrl, { maxRedirects: 0 });
    expect(moved.status()).toBe(301);
    expect(moved.headers()["location"]).toContain(new URL(page.url()).pathname);

    // Feature it from the options menu (keyboard): the help centre's home lists it first.
    await waitForHydration(page);
    await press(kb.optionsButton);
    await kb.menuItem("Feature").waitFor();
    await page.keyboard.press("Enter");
    await kb.toast("The article is featured.").waitFor();
    const articleID = /\/kb\/articles\/(\d+)-/.exec(articleUrl)![1];
    const stored = await admin.get<{ featured: boolean }>(`/articles/${articleID}`);
    expect(stored.featured).toBe(true);
    await kb.main.getByText("Featured", { exact: true }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "kb-article-editor-view");
    expect((await kb.gotoBase("help-center")).status()).toBe(200);
    expect(await kb.featuredTitles()).toEqual(["Changing your e-mail or password"]);

    // Delete it (after a confirmation): readers no longer find it; its editors restore it.
    await follow(
      page,
      kb.main
        .getByRole("region", { name: "Featured Articles" })
        .getByRole("link", { name: "Changing your e-mail or password" }),
      articleUrl,
    );
    await waitForHydration(page);
    await press(kb.optionsButton);
    await kb.menuItem("Delete").waitFor();
    await press(kb.menuItem("Delete"));
    const confirm = kb.dialogNamed("Delete Article");
    await confirm.waitFor();
    await page.keyboard.press("Enter");
    await kb.toast("The article has been deleted.").waitFor();
    await kb.main.getByText(/This article has been deleted/).waitFor();
    const reader = await parley.newPage();
    expect((await new KnowledgePages(reader, parley.baseUrl).open(new URL(articleUrl).pathname)).status()).toBe(404);
    await press(kb.optionsButton);
    await press(kb.menuItem("Restore"));
    await kb.toast("The article has been restored.").waitFor();
    expect((await new KnowledgePages(reader, parley.baseUrl).open(new URL(articleUrl).pathname)).status()).toBe(200);
    expect(problems.errors).toEqual([]);
  });

  it("an article written in Markdown continues in the rich editor (its source without JavaScript) and saves as rich2", async () => {
    const admin = await signInAdmin(parley.baseUrl);
    const categories = await admin.get<Array<{ knowledgeCategoryID: number; name: string }>>("/knowledge-categories");
    const category = categories.find((entry) => entry.name === "Your Account")!;
    const source = "Before you start.\n\n## First step\n\nOpen **Edit Profile**.\n\n## Second step\n\n- one\n- two";
    const created = await admin.post<{ articleID: number }>("/articles", {
      knowledgeCategoryID: category.knowledgeCategoryID,
      name: "Changing your photo",
      body: source,
      format: "markdown",
    });
    const editorPath = `/kb/articles/${created.articleID}/editor`;

    // Without JavaScript: the source in a text area, saved in its format.
    const plain = await parley.newPage(noJs);
    await signInContext(plain, parley.baseUrl, { name: "admin", password: adminPassword });
    const plainKb = new KnowledgePages(plain, parley.baseUrl);
    expect((await plainKb.open(editorPath)).status()).toBe(200);
    expect(await plainKb.plainBody.inputValue()).toBe(source);

    // With it: the rich editor, from what readers see — headings, bold and the list, never the Markdown.
    const page = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(page);
    await signInContext(page, parley.baseUrl, { name: "admin", password: adminPassword });
    const kb = new KnowledgePages(page, parley.baseUrl);
    await kb.open(editorPath);
    await waitForHydration(page);
    await kb.bodyEditor.waitForEditor();
    const text = kb.bodyEditor.text;
    expect(await text.getByRole("heading", { level: 2 }).allInnerTexts()).toEqual(["First step", "Second step"]);
    expect(await text.locator("strong").innerText()).toBe("Edit Profile");
    expect(await text.getByRole("listitem").allInnerTexts()).toEqual(["one", "two"]);
    expect(await text.innerText()).not.toContain("##");
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "kb-editor-markdown-continued");

    await text.getByText("Before you start.").click();
    await page.keyboard.press("End");
    await page.keyboard.type(" It takes a minute.");
    // Refused (no title): the form comes back with the rich editor as it was, never its JSON in a text area.
    await kb.field("Title").fill("");
    await press(kb.saveButton);
    await kb.main.getByText("Give the article a title.").waitFor();
    expect(await text.getByRole("heading", { level: 2 }).allInnerTexts()).toEqual(["First step", "Second step"]);
    expect(await text.innerText()).toContain("Before you start. It takes a minute.");
    expect(await kb.plainBody.count()).toBe(0);
    await typeInto(kb.field("Title"), "Changing your photo");
    await press(kb.saveButton);
    await page.waitForURL(/\/kb\/articles\/\d+-changing-your-photo$/);
    await kb.articleBody.getByText("Before you start. It takes a minute.").waitFor();
    expect(await kb.articleBody.getByRole("heading", { level: 2 }).allInnerTexts()).toEqual([
      "First step",
      "Second step",
    ]);
    expect(await kb.tableOfContents.getByRole("link").allInnerTexts()).toEqual(["First step", "Second step"]);
    const saved = await admin.get<{ format: string; body: string }>(`/articles/${created.articleID}/edit`);
    expect(saved.format).toBe("rich2");
    expect(saved.body).not.toContain("##");
    expect(problems.errors).toEqual([]);
  });

  it("a member cannot open the editor; a guest is sent to sign in", async () => {
    const member = newMember("noeditor");
    await registerConfirmed(parley, member);
    const page = await parley.newPage();
    await signInContext(page, parley.baseUrl, member);
    const kb = new KnowledgePages(page, parley.baseUrl);
    for (const path of ["/kb/articles/add?knowledgeCategoryID=2", "/kb/articles/1/editor"]) {
      expect((await kb.open(path)).status(), path).toBe(403);
      expect(await kb.heading.innerText()).toBe("Permission Problem");
      expect(await kb.field("Title").count()).toBe(0);
    }

    const guest = await parley.newPage();
    const guestKb = new KnowledgePages(guest, parley.baseUrl);
    await guestKb.open("/kb/articles/1/editor");
    expect(guestKb.pathname()).toBe("/entry/signin");
    expect(new URL(guest.url()).searchParams.get("Target")).toBe("/kb/articles/1/editor");
  });
});
