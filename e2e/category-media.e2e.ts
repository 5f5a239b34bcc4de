import { crc32, deflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { newMember, registerConfirmed, signInContext } from "./support/accounts.ts";
import { collectErrors, screenshot, seriousAxeViolations, waitForHydration } from "./support/browser.ts";
import { signInAdmin } from "./support/content.ts";
import { useParley } from "./support/parley.ts";
import { adminPassword } from "./support/server.ts";
import { CategoriesDashboardPage } from "./pages/CategoriesDashboardPage.ts";
import { CategoriesPage } from "./pages/CategoriesPage.ts";
import { CategoryPage } from "./pages/CategoryPage.ts";
import { NewDiscussionPage } from "./pages/NewDiscussionPage.ts";

const parley = useParley();
const admin = { name: "admin", password: adminPassword };

/** A PNG of `width`×`height`, a diagonal gradient between two colours (RGB). */
function gradientPng(width: number, height: number, from: number[], to: number[]): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const mix = (x / width + y / height) / 2;
      for (let c = 0; c < 3; c++) row[1 + x * 3 + c] = Math.round(from[c]! + (to[c]! - from[c]!) * mix);
    }
    rows.push(row);
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.concat(rows))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

interface CategoryRecord {
  categoryID: number;
  iconUrl: string | null;
  bannerUrl: string | null;
  allowedDiscussionTypes: string[] | null;
}

describe("a category's icon, banner and allowed post types", () => {
  it("an administrator uploads an icon and a banner and takes questions only; a member sees them and can only ask a question there", async () => {
    const api = await signInAdmin(parley.baseUrl);
    const suffix = Date.now().toString(36);
    const name = `Ask Us ${suffix}`;
    const page = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(page);
    await signInContext(page, parley.baseUrl, admin);
    const dashboard = new CategoriesDashboardPage(page, parley.baseUrl);
    expect((await dashboard.goto()).status()).toBe(200);
    await waitForHydration(page);
    await dashboard.addCategory();
    await dashboard.fillDetails({ name, urlcode: `ask-us-${suffix}`, description: "Questions, answered." });
    await dashboard.chooseImage("Icon", {
      name: "icon.png",
      mimeType: "image/png",
      buffer: gradientPng(64, 64, [37, 99, 235], [16, 185, 129]),
    });
    await dashboard.chooseImage("Banner", {
      name: "banner.png",
      mimeType: "image/png",
      buffer: gradientPng(1000, 200, [30, 64, 175], [236, 72, 153]),
    });
    await dashboard.postType("Discussion").uncheck();
    await dashboard.postType("Idea").uncheck();
    await dashboard.postType("Poll").uncheck();
    expect(await dashboard.postType("Question").isChecked()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await dashboard.save();
    await dashboard.status(`“${name}” has been saved.`).waitFor();

    const saved = await api.get<CategoryRecord>(`/categories/$urlcode:ask-us-${suffix}`);
    expect(saved.allowedDiscussionTypes).toEqual(["question"]);
    expect(saved.iconUrl).toMatch(/^\/uploads\/.+\.png$/);
    expect(saved.bannerUrl).toMatch(/^\/uploads\/.+\.png$/);

    // The edit form shows both images, each with "Remove"; a text file as the banner is refused beside it.
    await page.goto(`${parley.baseUrl}/dashboard/categories/${saved.categoryID}/edit`);
    await waitForHydration(page);
    expect(await dashboard.imageLoaded(dashboard.currentImage("Icon"))).toBe(true);
    expect(await dashboard.imageLoaded(dashboard.currentImage("Banner"))).toBe(true);
    await screenshot(page, "category-media-edit");
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, "category-media-edit-375");
    await page.setViewportSize({ width: 1280, height: 800 });
    await dashboard.chooseImage("Banner", { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("text") });
    await dashboard.save();
    await expect.poll(() => dashboard.fieldError("Banner")).toContain("must be an image");
    expect((await api.get<CategoryRecord>(`/categories/${saved.categoryID}`)).bannerUrl).toBe(saved.bannerUrl);

    // A member: the icon beside the category in the list, the banner atop its page, and only questions to post.
    const member = newMember("asker");
    await registerConfirmed(parley, member);
    const reader = await parley.newPage({ bypassCSP: true });
    const readerProblems = collectErrors(reader);
    await signInContext(reader, parley.baseUrl, member);
    const categories = new CategoriesPage(reader, parley.baseUrl);
    await categories.goto();
    expect(await categories.imageLoaded(categories.categoryIcon(name))).toBe(true);
    await screenshot(reader, "category-media-list");
    const category = new CategoryPage(reader, parley.baseUrl);
    expect((await category.goto(`ask-us-${suffix}`)).status()).toBe(200);
    expect(await category.imageLoaded(category.banner)).toBe(true);
    expect(await seriousAxeViolations(reader)).toEqual([]);
    await screenshot(reader, "category-media-banner");
    await reader.setViewportSize({ width: 375, height: 800 });
    await screenshot(reader, "category-media-banner-375");
    await reader.setViewportSize({ width: 1280, height: 800 });

    const post = new NewDiscussionPage(reader, parley.baseUrl);
    await post.goto(saved.categoryID);
    await waitForHydration(reader);
    await post.waitForEditors();
    expect(await post.typeOptions()).toEqual(["Question"]);
    expect(await seriousAxeViolations(reader)).toEqual([]);
    await screenshot(reader, "category-media-new-question");
    await post.title.fill("How do I reset my password?");
    await post.body.fill("I cannot find the link.");
    await post.submitButton.click();
    await reader
      .waitForURL((url) => /^\/discussion\/\d+/.test(url.pathname))
      .catch(async (error: Error) => {
        // Still on the form: say what it shows (a field's error, a held post's notice).
        throw new Error(`${error.message}\nThe form shows: ${await post.main.innerText()}`);
      });
    const discussionID = Number(/^\/discussion\/(\d+)/.exec(new URL(reader.url()).pathname)![1]);
    expect(await api.get<{ type: string; categoryID: number }>(`/discussions/${discussionID}`)).toMatchObject({
      type: "question",
      categoryID: saved.categoryID,
    });
    // Elsewhere every type is offered.
    await post.goto();
    await waitForHydration(reader);
    expect(await post.typeOptions()).toEqual(["Discussion", "Question", "Idea", "Poll"]);
    // The refused banner's page answered 422, which the browser reports; nothing else went wrong.
    expect(problems.errors.filter((error) => !error.includes("status of 422"))).toEqual([]);
    expect(readerProblems.errors).toEqual([]);
  });
});
