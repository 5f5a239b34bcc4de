import { describe, expect, it } from "vitest";
import { collectErrors, screenshot, seriousAxeViolations, waitForHydration } from "./support/browser.ts";
import { signInContext } from "./support/accounts.ts";
import { useParley } from "./support/parley.ts";
import { adminPassword } from "./support/server.ts";
import { LayoutEditorPage, LayoutsListPage, LayoutVisitorPage } from "./pages/LayoutEditorPages.ts";
import { press, typeInto } from "./pages/ThemesPages.ts";

const parley = useParley();

describe("layout editor", () => {
  it("builds a home layout by keyboard, previews an option, saves, publishes for guests (with and without JavaScript), restores a revision", async () => {
    // Axe is injected as a script: the admin's page bypasses the site's CSP.
    const page = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(page);
    await signInContext(page, parley.baseUrl, { name: "admin", password: adminPassword });
    const list = new LayoutsListPage(page, parley.baseUrl);
    const editor = new LayoutEditorPage(page, parley.baseUrl);
    const guest = new LayoutVisitorPage(await parley.newPage(), parley.baseUrl);
    const guestWithoutScript = new LayoutVisitorPage(
      await parley.newPage({ javaScriptEnabled: false }),
      parley.baseUrl,
    );

    // The list: each view type with its default, from the dashboard's navigation (Appearance).
    expect((await list.goto()).status()).toBe(200);
    await waitForHydration(page);
    expect(await list.navigationLink.getAttribute("href")).toBe("/dashboard/layouts");
    for (const group of ["Home page", "Discussion lists", "Category pages", "Discussion pages", "New post pages"])
      await list.group(group).waitFor();
    expect(await list.layout("Default layout").count()).toBeGreaterThanOrEqual(5);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "layouts-list");
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, "layouts-list-mobile");
    await page.setViewportSize({ width: 1280, height: 800 });

    // A new home layout starts from the default (a full-width banner, then two columns); build it anew.
    await press(list.newLayout("Home page"));
    await page.waitForURL(/\/dashboard\/layouts\/new\?layoutViewType=home$/);
    await editor.section(2).waitFor();
    expect(await editor.sections.count()).toBe(2);
    await press(editor.button("Remove section 2"));
    await press(editor.button("Remove section 1"));
    expect(await editor.sections.count()).toBe(0);
    await press(editor.button("Add section"));
    await press(editor.sectionChoice("Full width"));
    await press(editor.button("Add a widget to section 1, Content"));
    await press(editor.pickerChoice(1, "Content", "Banner"));
    expect(await editor.widgetNames(1, "Content")).toEqual(["Banner"]);
    await press(editor.button("Add section"));
    await press(editor.sectionChoice("Two columns"));
    await press(editor.button("Add a widget to section 2, Main, bottom"));
    await press(editor.pickerChoice(2, "Main, bottom", "Discussion list"));
    expect(await editor.widgetNames(2, "Main, bottom")).toEqual(["Discussion list"]);

    // Keyboard only: the banner down into the next section's first slot, then back; the focus stays on it.
    await press(editor.button("Move down Banner"));
    expect(await editor.widgetNames(2, "Breadcrumbs")).toEqual(["Banner"]);
    await editor.announcement.filter({ hasText: "Banner moved to section 2, Breadcrumbs, position 1 of 1." }).waitFor();
    expect(await editor.focusedLabel()).toBe("Move down Banner");
    await press(editor.button("Move up Banner"));
    expect(await editor.widgetNames(1, "Content")).toEqual(["Banner"]);
    // At the top its "Move up" is disabled: the banner itself keeps the focus.
    expect(await editor.focusedLabel()).toMatch(/^Banner, position 1 of 1/);

    // By mouse: the discussion list dragged into the panel, and back.
    await editor.dragWidget("Discussion list", 2, "Panel, bottom");
    expect(await editor.widgetNames(2, "Panel, bottom")).toEqual(["Discussion list"]);
    await editor.dragWidget("Discussion list", 2, "Main, bottom");
    expect(await editor.widgetNames(2, "Main, bottom")).toEqual(["Discussion list"]);

    // A title and description above the list; its option, in its generated form, shows in the preview.
    await press(editor.button("Add a widget to section 2, Main, top"));
    await press(editor.pickerChoice(2, "Main, top", "Title and description"));
    await press(editor.button("Options of Title and description"));
    await typeInto(editor.option("Description"), "Fresh Talk");
    await editor.previewText("Fresh Talk").waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "layout-editor");
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, "layout-editor-mobile");
    await page.setViewportSize({ width: 1280, height: 800 });

    // Saved: a draft (the guests still see the default), with its first revision.
    await typeInto(editor.name, "Spring home");
    await press(editor.button("Save"));
    await page.waitForURL(/\/dashboard\/layouts\/\d+\/edit\?done=saved$/);
    await editor.message.filter({ hasText: "Saved as a draft: a new revision." }).waitFor();
    expect(await editor.revisions.count()).toBe(1);
    await guest.open("/");
    await guest.mainHeading("Recent Discussions").waitFor();
    expect(await guest.mainText("Fresh Talk").count()).toBe(0);
    // The draft on the real home page, in a new tab, for the site manager only.
    const href = await editor.sitePreviewLink.getAttribute("href");
    expect(href).toBe(`/?layoutPreview=${editor.layoutID()}`);
    const managerTab = new LayoutVisitorPage(await page.context().newPage(), parley.baseUrl);
    await managerTab.open(href!);
    await managerTab.mainText("Fresh Talk").waitFor();
    await guest.open(href!);
    await guest.mainHeading("Recent Discussions").waitFor();
    expect(await guest.mainText("Fresh Talk").count()).toBe(0);

    // Published: guests see it, with and without JavaScript.
    await press(editor.button("Publish"));
    await editor.message.filter({ hasText: "Published: visitors see this layout now." }).waitFor();
    await guest.open("/");
    await guest.mainText("Fresh Talk").waitFor();
    await guestWithoutScript.open("/");
    await guestWithoutScript.mainText("Fresh Talk").waitFor();

    // A second save changes what guests see; restoring the first revision brings the older one back.
    await press(editor.button("Options of Title and description"));
    await typeInto(editor.option("Description"), "Later Talk");
    await editor.previewText("Later Talk").waitFor();
    await press(editor.button("Save"));
    await editor.message.filter({ hasText: "Saved as a draft: a new revision." }).waitFor();
    await editor.revisions.nth(1).waitFor();
    expect(await editor.revisions.count()).toBe(2);
    await guest.open("/");
    await guest.mainText("Later Talk").waitFor();
    await press(editor.button("Restore Revision 1"));
    await press(editor.dialogButton("Restore"));
    await editor.message.filter({ hasText: "Restored: the revision is the layout's current state again." }).waitFor();
    await editor.revisions.nth(2).waitFor();
    await editor.previewText("Fresh Talk").waitFor();
    await guest.open("/");
    await guest.mainText("Fresh Talk").waitFor();
    await guestWithoutScript.open("/");
    await guestWithoutScript.mainText("Fresh Talk").waitFor();

    // Unpublished, then deleted from the list (asked first): guests are back on the default.
    await press(editor.button("Unpublish"));
    await editor.message.filter({ hasText: "Unpublished: those pages show their default layout again." }).waitFor();
    await guest.open("/");
    await guest.mainHeading("Recent Discussions").waitFor();
    expect(await guest.mainText("Fresh Talk").count()).toBe(0);
    await list.goto();
    await waitForHydration(page);
    await press(list.action("Delete", "Spring home"));
    await press(list.confirmDelete);
    await list.status.filter({ hasText: "The layout has been deleted." }).waitFor();
    expect(await list.layout("Spring home").count()).toBe(0);
    expect(problems.errors).toEqual([]);
  });
});
