import { describe, expect, it } from "vitest";
import { newMember, registerConfirmed, signInContext } from "./support/accounts.ts";
import { collectErrors, screenshot, seriousAxeViolations, waitForHydration } from "./support/browser.ts";
import { categoryID, createDiscussion, signInAdmin } from "./support/content.ts";
import { useParley } from "./support/parley.ts";
import { adminPassword } from "./support/server.ts";
import { CategoriesDashboardPage } from "./pages/CategoriesDashboardPage.ts";
import { CategoriesPage } from "./pages/CategoriesPage.ts";

const parley = useParley();
const admin = { name: "admin", password: adminPassword };

interface CategoryRecord {
  featured: boolean;
  categoryID: number;
  name: string;
  parentCategoryID: number;
  customPermissions: boolean;
}
interface RoleRecord {
  roleID: number;
  name: string;
}

describe("categories at /dashboard/categories", () => {
  it("an administrator adds a category guests cannot see, moves it by drag and by keyboard, and deletes another moving its discussions", async () => {
    const api = await signInAdmin(parley.baseUrl);
    const suffix = Date.now().toString(36);
    const [shelfName, leavingName, staffName] = [`Shelf ${suffix}`, `Leaving ${suffix}`, `Staff Room ${suffix}`];
    const shelf = await api.post<CategoryRecord>("/categories", { name: shelfName, urlcode: `shelf-${suffix}` });
    const leaving = await api.post<CategoryRecord>("/categories", { name: leavingName, urlcode: `leaving-${suffix}` });
    const movedAll = [];
    for (const index of [1, 2, 3]) {
      movedAll.push(
        await createDiscussion(api, {
          name: `Moves on ${index}`,
          body: "Out of Leaving.",
          categoryID: leaving.categoryID,
        }),
      );
    }
    const page = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(page);
    await signInContext(page, parley.baseUrl, admin);
    const categories = new CategoriesDashboardPage(page, parley.baseUrl);
    expect((await categories.goto()).status()).toBe(200);
    await waitForHydration(page);
    await categories.navLink("Categories").waitFor();
    expect(await categories.childrenOf()).toEqual(
      expect.arrayContaining(["General Discussion", shelfName, leavingName]),
    );
    expect(await seriousAxeViolations(page)).toEqual([]);

    // A category of its own permissions: the Guest role may not view it.
    await categories.addCategory();
    await categories.fillDetails({ name: staffName, urlcode: `staff-${suffix}`, description: "Not for guests." });
    await categories.setCustomPermissions(true);
    expect(await categories.grant("Guest", "View").isChecked()).toBe(true);
    await categories.grant("Guest", "View").uncheck();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, "categories-dashboard-add");
    await categories.save();
    await categories.status(`“${staffName}” has been saved.`).waitFor();
    const staff = await api.get<CategoryRecord>(`/categories/$urlcode:staff-${suffix}`);
    expect(staff).toMatchObject({ customPermissions: true, parentCategoryID: -1 });

    // Dragged into (the whole tree in view, so the mouse reaches both rows) Shelf; then by keyboard out to the top level, and in under Shelf again.
    await page.setViewportSize({ width: 1280, height: 1600 });
    await categories.dragInto(staffName, shelfName);
    await categories.status(`“${staffName}” has been moved.`).waitFor();
    await expect.poll(() => categories.childrenOf(shelfName)).toEqual([staffName]);
    expect((await api.get<CategoryRecord>(`/categories/${staff.categoryID}`)).parentCategoryID).toBe(shelf.categoryID);
    await categories.moveByKeyboard(staffName, "Move out");
    await expect.poll(() => categories.childrenOf(shelfName)).toEqual([]);
    const top = await categories.childrenOf();
    expect(top.indexOf(staffName)).toBe(top.indexOf(shelfName) + 1);
    // The focus stays on the moved category's buttons (its row was rendered anew in another list).
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest("li")?.getAttribute("aria-label")))
      .toBe(staffName);
    await categories.moveByKeyboard(staffName, "Move in");
    await expect.poll(() => categories.childrenOf(shelfName)).toEqual([staffName]);
    expect((await api.get<CategoryRecord>(`/categories/${staff.categoryID}`)).parentCategoryID).toBe(shelf.categoryID);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, "categories-dashboard");

    // A guest neither sees it listed nor opens it; the administrator does.
    const guest = await parley.newPage();
    const guestCategories = new CategoriesPage(guest, parley.baseUrl);
    await guestCategories.goto();
    const listed = await guestCategories.main.innerText();
    expect(listed).toContain(shelfName);
    expect(listed).not.toContain(staffName);
    expect((await guest.goto(`${parley.baseUrl}/categories/staff-${suffix}`))?.status()).not.toBe(200);
    expect((await page.goto(`${parley.baseUrl}/categories/staff-${suffix}`))?.status()).toBe(200);

    // Deleting Leaving asks first, and its discussion moves to General.
    await categories.goto();
    await waitForHydration(page);
    await categories.openDelete(leavingName);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, "categories-dashboard-delete");
    await categories.chooseContent("General Discussion");
    await categories.confirmation.waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await categories.confirm();
    // It goes on in the background: the progress page follows it to its end.
    await categories.waitForDeletion(leavingName);
    await categories.waitForPage(`Deleted “${leavingName}”`);
    const bar = categories.deletionProgress("Discussions moved");
    expect([await bar.getAttribute("value"), await bar.getAttribute("max")]).toEqual(["3", "3"]);
    expect(await categories.deletionCount.innerText()).toBe("3 of 3 discussions");
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "categories-dashboard-deleted");
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, "categories-dashboard-deleted-375");
    await page.setViewportSize({ width: 1280, height: 800 });
    await categories.backToCategories();
    expect(await categories.childrenOf()).not.toContain(leavingName);
    expect(await categories.childrenOf()).toContain(shelfName);
    const general = await categoryID(api, "general");
    for (const discussion of movedAll) {
      expect((await api.get<{ categoryID: number }>(`/discussions/${discussion.discussionID}`)).categoryID).toBe(
        general,
      );
    }

    await page.setViewportSize({ width: 375, height: 800 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, "categories-dashboard-375");
    await categories.open(`/dashboard/categories/${staff.categoryID}/edit`);
    await categories.waitForPage(`Edit “${staffName}”`);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, "categories-dashboard-edit-375");
    // Its own permissions as saved: the Guest role views nothing there, members still do.
    expect(await categories.grant("Guest", "View").isChecked()).toBe(false);
    expect(await categories.grant("Member", "View").isChecked()).toBe(true);
    expect(problems.errors).toEqual([]);
  });

  it("works without JavaScript: a move button, a refused url code beside its field, deletion with a confirm page", async () => {
    const api = await signInAdmin(parley.baseUrl);
    const suffix = Date.now().toString(36);
    const first = await api.post<CategoryRecord>("/categories", {
      name: `First ${suffix}`,
      urlcode: `first-${suffix}`,
    });
    await api.post<CategoryRecord>("/categories", { name: `Second ${suffix}`, urlcode: `second-${suffix}` });
    const page = await parley.newPage({ javaScriptEnabled: false });
    await signInContext(page, parley.baseUrl, admin);
    const categories = new CategoriesDashboardPage(page, parley.baseUrl);
    await categories.goto();
    const before = await categories.childrenOf();
    expect(before.indexOf(`Second ${suffix}`), before.join(", ")).toBe(before.indexOf(`First ${suffix}`) + 1);
    await categories.moveButton(`Second ${suffix}`, "Move up").click();
    await categories.status(`“Second ${suffix}” has been moved.`).waitFor();
    // Read the list of the page the move answered with (on a slow machine the first read can come too early).
    await expect
      .poll(async () => {
        const after = await categories.childrenOf();
        return after.includes(`First ${suffix}`)
          ? after.indexOf(`First ${suffix}`) - after.indexOf(`Second ${suffix}`)
          : null;
      })
      .toBe(1);

    await categories.open(`/dashboard/categories/${first.categoryID}/edit`);
    // Without its own permissions, the matrix starts from the site's defaults (members view and post).
    expect(await categories.grant("Member", "View").isChecked()).toBe(true);
    await categories.fillDetails({ urlcode: "general" });
    await categories.save();
    await expect
      .poll(() => categories.fieldError("URL code"))
      .toBe("The URL code is already in use by another category.");
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, "categories-dashboard-edit-error");
    // Put right and featured, the same form saves; the API and the featured list say so.
    await categories.fillDetails({ urlcode: `first-${suffix}` });
    await categories.setFeatured(true);
    await categories.save();
    await expect
      .poll(async () => (await api.get<CategoryRecord>(`/categories/${first.categoryID}`)).featured)
      .toBe(true);
    const featured = await api.get<CategoryRecord[]>("/categories?featured=true&maxDepth=10");
    expect(featured.map((category) => category.categoryID)).toEqual([first.categoryID]);

    await categories.open(`/dashboard/categories/${first.categoryID}/delete`);
    await categories.chooseContent(null);
    await categories.confirmation.waitFor();
    await categories.confirm();
    // The progress page reloads itself (no JavaScript) until the deletion is done.
    await categories.waitForDeletion(`First ${suffix}`);
    expect(await categories.deletionCount.innerText()).toBe("0 of 0 discussions");
    expect((await api.send("GET", `/categories/${first.categoryID}`)).status).toBe(404);
  });

  it("is refused to a moderator without community.manage, who has no link to it", async () => {
    const api = await signInAdmin(parley.baseUrl);
    const roles = await api.get<RoleRecord[]>("/roles");
    const moderator = newMember("catmod");
    const moderatorID = await registerConfirmed(parley, moderator);
    await api.patch(`/users/${moderatorID}`, { roleID: [roles.find((role) => role.name === "Moderator")!.roleID] });
    const page = await parley.newPage();
    await signInContext(page, parley.baseUrl, moderator);
    const categories = new CategoriesDashboardPage(page, parley.baseUrl);
    expect((await categories.goto()).status()).toBe(403);
    expect(await categories.heading.innerText()).toBe("Permission Problem");
    expect((await categories.open("/dashboard/categories/add")).status()).toBe(403);
    expect((await categories.open("/dashboard")).status()).toBe(200);
    expect(await categories.navLink("Categories").count()).toBe(0);
  });
});
