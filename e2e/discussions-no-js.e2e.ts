import { describe, expect, it } from "vitest";
import { collectErrors, screenshot } from "./support/browser.ts";
import {
  demoCategoryDiscussions,
  demoDiscussionsByLastComment,
  demoDiscussionsOldestFirst,
  sortQueries,
  welcome,
} from "./support/demo.ts";
import { useParley } from "./support/parley.ts";
import { CategoryPage } from "./pages/CategoryPage.ts";
import { DiscussionPage } from "./pages/DiscussionPage.ts";
import { DiscussionsPage } from "./pages/DiscussionsPage.ts";
import { NotFoundPage } from "./pages/NotFoundPage.ts";

const parley = useParley();
const noJs = { javaScriptEnabled: false } as const;

/** Clicks a link and returns the document response it led to. */
async function follow(page: DiscussionsPage | CategoryPage, click: () => Promise<void>) {
  const [response] = await Promise.all([
    page.page.waitForResponse((response) => response.request().isNavigationRequest()),
    click(),
  ]);
  await page.page.waitForLoadState("load");
  return response;
}

describe("reading pages, server-rendered (JavaScript disabled)", () => {
  it("/discussions lists the first 10 by last comment, the announcement first, with a sort select and a pager", async () => {
    const page = await parley.newPage(noJs);
    const problems = collectErrors(page);
    const discussions = new DiscussionsPage(page, parley.baseUrl);
    const response = await discussions.goto();

    expect(response.status()).toBe(200);
    expect(await discussions.bodyClass()).toContain("isLoading");
    expect(await page.title()).toBe("Recent Discussions - Parley");
    expect(await discussions.heading.innerText()).toBe("Recent Discussions");
    expect(await discussions.canonicalHref()).toBe(`${parley.baseUrl}/discussions`);
    expect(await discussions.list.titles()).toEqual(demoDiscussionsByLastComment.slice(0, 10));
    expect(await discussions.list.announcements()).toEqual([welcome.title]);
    expect(await discussions.list.link(welcome.title).getAttribute("href")).toBe(welcome.path);
    expect(await discussions.list.item(welcome.title).innerText()).toMatch(/Started by admin[\s\S]*3 comments/);
    // User tags show on the item (at most 3).
    const tagged = await discussions.list.item("Running Parley on PostgreSQL").innerText();
    for (const tag of ["postgresql", "deployment", "scaling"]) expect(tagged).toContain(tag);
    expect(await discussions.newDiscussionLink.getAttribute("href")).toBe("/post/discussion");
    // The sort select: a GET form to the list's first page.
    expect(await discussions.list.sortOptions()).toEqual(Object.keys(sortQueries));
    expect(await discussions.list.currentSort()).toBe("Recently Commented");
    expect(await discussions.list.sortForm.getAttribute("action")).toBe("/discussions");
    expect(await discussions.list.pagerSummary()).toBe("1 - 10 of 14");
    expect(await discussions.list.pageLink(1).getAttribute("aria-current")).toBe("page");
    expect(await discussions.list.pageLink(2).getAttribute("href")).toBe("/discussions?page=2");
    expect(await discussions.list.nextPageLink.getAttribute("href")).toBe("/discussions?page=2");
    expect(await discussions.list.previousPageLink.count()).toBe(0);
    await screenshot(page, "discussions-no-js-page-1");

    // Page 2 through its link: a real URL the server renders.
    const second = await follow(discussions, () => discussions.list.pageLink(2).click());
    expect(second.status()).toBe(200);
    expect(page.url()).toBe(`${parley.baseUrl}/discussions?page=2`);
    expect(await discussions.list.titles()).toEqual(demoDiscussionsByLastComment.slice(10));
    expect(await discussions.list.pagerSummary()).toBe("11 - 14 of 14");
    expect(await discussions.list.pageLink(2).getAttribute("aria-current")).toBe("page");
    expect(await discussions.list.previousPageLink.getAttribute("href")).toBe("/discussions");
    expect(await discussions.list.nextPageLink.count()).toBe(0);
    expect(await discussions.canonicalHref()).toBe(`${parley.baseUrl}/discussions?page=2`);
    await screenshot(page, "discussions-no-js-page-2");
    expect(problems.errors.filter((error) => !error.includes("Failed to load resource"))).toEqual([]);
  });

  it("answers a page past the end with 404 and the not-found page", async () => {
    const page = await parley.newPage(noJs);
    const notFound = new NotFoundPage(page, parley.baseUrl);
    for (const search of ["?page=99", "?page=3", "?sort=dateInserted&page=3"]) {
      const response = await notFound.open(`/discussions${search}`);
      expect(response.status(), search).toBe(404);
      expect(await notFound.heading.innerText()).toBe("Page Not Found");
    }
  });

  it("sorts by 'Oldest' through the sort form, on both pages", async () => {
    const page = await parley.newPage(noJs);
    const discussions = new DiscussionsPage(page, parley.baseUrl);
    await discussions.goto();
    await follow(discussions, () => discussions.list.chooseSort("Oldest"));
    expect(page.url()).toBe(`${parley.baseUrl}/discussions${sortQueries.Oldest}`);
    expect(await discussions.list.currentSort()).toBe("Oldest");
    expect(await discussions.list.titles()).toEqual(demoDiscussionsOldestFirst.slice(0, 10));
    expect(await discussions.list.nextPageLink.getAttribute("href")).toBe("/discussions?sort=dateInserted&page=2");
    await screenshot(page, "discussions-no-js-oldest");
    await follow(discussions, () => discussions.list.nextPageLink.click());
    expect(await discussions.list.titles()).toEqual(demoDiscussionsOldestFirst.slice(10));
    expect(await discussions.list.currentSort()).toBe("Oldest");
  });

  it("lists only a category's discussions; a parent lists its subcategories' too", async () => {
    const page = await parley.newPage(noJs);
    const category = new CategoryPage(page, parley.baseUrl);

    expect((await category.goto("general")).status()).toBe(200);
    expect(await category.heading.innerText()).toBe("General Discussion");
    expect(await category.discussions.titles()).toEqual([...demoCategoryDiscussions.general]);
    // All of them are in this category, so no item names it.
    expect(await category.discussions.categoryNames()).toEqual([]);
    expect(await category.discussions.pagerSummary()).toBe("1 - 2 of 2");
    expect(await category.discussions.pageLink(1).count()).toBe(0);
    expect(await category.discussions.sortForm.getAttribute("action")).toBe("/categories/general");
    await screenshot(page, "category-general-no-js");

    await category.goto("installation");
    expect(await category.discussions.titles()).toEqual([...demoCategoryDiscussions.installation]);

    await category.goto("help");
    expect(await category.discussions.titles()).toEqual([...demoCategoryDiscussions.help]);
    expect(await category.discussions.categoryNames()).toEqual(["Troubleshooting", "Installation", "Installation"]);
    await screenshot(page, "category-help-discussions-no-js");

    // Sorted through the form, the category keeps its discussions only.
    await follow(category, () => category.discussions.chooseSort("Oldest"));
    expect(page.url()).toBe(`${parley.baseUrl}/categories/help?sort=dateInserted`);
    expect(await category.discussions.titles()).toEqual([...demoCategoryDiscussions.help].reverse());

    // A page past the end of a category is not found.
    expect((await category.goto("general", { page: 2 })).status()).toBe(404);
  });

  it("renders a discussion: post, comments, breadcrumbs, canonical link and DiscussionForumPosting data", async () => {
    const page = await parley.newPage(noJs);
    const discussion = new DiscussionPage(page, parley.baseUrl);
    expect((await discussion.goto(welcome.path)).status()).toBe(200);

    expect(await page.title()).toBe(`${welcome.title} - Parley`);
    expect(await discussion.heading.innerText()).toBe(welcome.title);
    expect(await discussion.breadcrumbLinks()).toEqual([
      { name: "Home", href: "/" },
      { name: welcome.category.name, href: welcome.category.href },
    ]);
    expect(await discussion.post.innerText()).toContain(welcome.author);
    expect(await discussion.post.innerText()).toContain("We're glad you're here.");
    expect(await discussion.post.locator("p").count()).toBe(2);
    expect(await discussion.commentsHeading.innerText()).toBe("3 Comments");
    const comments = await discussion.comments.allInnerTexts();
    expect(comments).toHaveLength(welcome.comments.length);
    welcome.comments.forEach(({ author, text }, index) => {
      expect(comments[index]).toContain(author);
      expect(comments[index]).toContain(text);
    });
    expect(await discussion.pager.innerText()).toMatch(/1\s*-\s*3\s+of\s+3/);
    expect(await discussion.pager.getByRole("link").count()).toBe(0);
    const canonical = `${parley.baseUrl}${welcome.path}`;
    expect(await discussion.canonicalHref()).toBe(canonical);

    // Structured data: one DiscussionForumPosting that agrees with the page, and the breadcrumb trail.
    const blocks = await discussion.structuredData();
    expect(blocks.map((block) => block["@type"])).toEqual(["DiscussionForumPosting", "BreadcrumbList"]);
    const posting = blocks[0]!;
    expect(posting).toMatchObject({
      "@context": "https://schema.org",
      "@type": "DiscussionForumPosting",
      headline: welcome.title,
      url: canonical,
      author: { "@type": "Person", name: welcome.author },
      interactionStatistic: {
        "@type": "InteractionCounter",
        interactionType: "https://schema.org/CommentAction",
        userInteractionCount: 3,
      },
    });
    expect(Number.isNaN(Date.parse(posting.datePublished))).toBe(false);
    const commentIDs = await discussion.commentIDs();
    expect(posting.comment.map((comment) => comment.author.name)).toEqual(welcome.comments.map((c) => c.author));
    expect(posting.comment.map((comment) => comment.text)).toEqual(welcome.comments.map((c) => c.text));
    expect(posting.comment.map((comment) => new URL(comment.url).hash)).toEqual(
      commentIDs.map((id) => `#Comment_${id}`),
    );
    for (const comment of posting.comment) expect(comment["@type"]).toBe("Comment");

    // A guest is asked to sign in or register, with the discussion as the Target.
    const target = encodeURIComponent(welcome.path);
    expect((await discussion.replyBox.innerText()).replace(/\s+/g, " ")).toContain("Sign in or register to comment.");
    expect(await discussion.replyBox.getByRole("link", { name: "Sign in" }).getAttribute("href")).toBe(
      `/entry/signin?Target=${target}`,
    );
    expect(await discussion.replyBox.getByRole("link", { name: "register" }).getAttribute("href")).toBe(
      `/entry/register?Target=${target}`,
    );
    expect(await discussion.form.count()).toBe(0);
    await screenshot(page, "discussion-no-js-guest");

    // The breadcrumb goes to the category, which lists the discussion.
    await discussion.breadcrumbs.getByRole("link", { name: welcome.category.name }).click();
    await page.waitForURL(`${parley.baseUrl}${welcome.category.href}`);
    const category = new CategoryPage(page, parley.baseUrl);
    expect(await category.discussions.titles()).toEqual([welcome.title, "Community guidelines"]);
  });

  it("answers unknown discussions and pages past the last comment page with 404", async () => {
    const page = await parley.newPage(noJs);
    const notFound = new NotFoundPage(page, parley.baseUrl);
    expect((await notFound.open("/discussion/9999/nothing-here")).status()).toBe(404);
    expect(await notFound.heading.innerText()).toBe("Discussion Not Found");
    expect((await notFound.open(`${welcome.path}/p2`)).status()).toBe(404);
    expect((await notFound.open("/discussion/comment/999999")).status()).toBe(404);
    // Without the slug the page still renders, and its canonical link has the slug.
    const discussion = new DiscussionPage(page, parley.baseUrl);
    expect((await discussion.goto("/discussion/1")).status()).toBe(200);
    expect(await discussion.canonicalHref()).toBe(`${parley.baseUrl}${welcome.path}`);
  });
});
