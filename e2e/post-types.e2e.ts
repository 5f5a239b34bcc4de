import { describe, expect, it } from "vitest";
import { newMember, registerConfirmed, signInContext } from "./support/accounts.ts";
import { collectErrors, screenshot, seriousAxeViolations, waitForHydration } from "./support/browser.ts";
import { categoryID, signInAdmin, signInApi } from "./support/content.ts";
import { adminPassword } from "./support/server.ts";
import { useParley } from "./support/parley.ts";
import { CategoriesDashboardPage } from "./pages/CategoriesDashboardPage.ts";
import { DiscussionPage } from "./pages/DiscussionPage.ts";
import { DiscussionsPage } from "./pages/DiscussionsPage.ts";
import { NewDiscussionPage } from "./pages/NewDiscussionPage.ts";
import { PostFieldsDashboardPage, PostTypesDashboardPage } from "./pages/PostTypesPages.ts";

const parley = useParley();

describe("post types and post fields (issue 33, item 4)", () => {
  it("an administrator makes a post type with fields for a category; members post one, with and without JavaScript; the values show by visibility", async () => {
    const adminApi = await signInAdmin(parley.baseUrl);
    await adminApi.patch("/addons/postTypes", { enabled: true });
    const suffix = Date.now().toString(36);

    // The administrator adds the fields, then the type, on the dashboard.
    const page = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(page);
    await signInContext(page, parley.baseUrl, { name: "admin", password: adminPassword });
    const fieldsPage = new PostFieldsDashboardPage(page, parley.baseUrl);
    expect((await fieldsPage.goto()).status()).toBe(200);
    await waitForHydration(page);
    expect(await fieldsPage.linkNames()).toEqual(expect.arrayContaining(["Post Types", "Post Fields"]));
    const fields = [
      {
        label: "Salary",
        id: `salary-${suffix}`,
        type: "Number",
        visibility: "Public: everyone who may read the post",
        required: true,
      },
      {
        label: "Contract",
        id: `contract-${suffix}`,
        type: "Dropdown",
        options: ["Full time", "Part time"],
        visibility: "Public: everyone who may read the post",
      },
      {
        label: "Contact",
        id: `contact-${suffix}`,
        type: "Text",
        visibility: "Private: the post's author and moderators",
      },
    ];
    for (const field of fields) {
      await fieldsPage.fillNewField(field);
      await fieldsPage.submitAndWait(fieldsPage.addButton);
      await fieldsPage.saved(field.label).waitFor();
      await fieldsPage.row(field.label).waitFor();
    }
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(page, "post-types-0-fields-1280");
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, "post-types-0-fields-375");
    await page.setViewportSize({ width: 1280, height: 900 });

    const typesPage = new PostTypesDashboardPage(page, parley.baseUrl);
    expect((await typesPage.goto()).status()).toBe(200);
    await waitForHydration(page);
    const typeName = `Job ${suffix}`;
    const postTypeID = `job-${suffix}`;
    await typesPage.fillNewType({
      name: typeName,
      id: postTypeID,
      kindOf: "Discussion",
      buttonLabel: `Post a job ${suffix}`,
      helperText: "Say what the job is and how to apply.",
      categories: ["General Discussion"],
      fields: fields.map((field) => field.label),
    });
    await typesPage.submitAndWait(typesPage.addButton);
    await typesPage.saved(typeName).waitFor();
    await typesPage.row(typeName).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "post-types-1-types-1280");
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, "post-types-1-types-375");
    expect(problems.errors).toEqual([]);

    // A member posts one with JavaScript: the type's link, its fields; a missing required value is refused first.
    const member = newMember("jobposter");
    await registerConfirmed(parley, member);
    const memberApi = await signInApi(parley.baseUrl, member.name, member.password);
    const general = await categoryID(memberApi, "general");
    const composer = await parley.newPage({ bypassCSP: true });
    const composerProblems = collectErrors(composer);
    await signInContext(composer, parley.baseUrl, member);
    const form = new NewDiscussionPage(composer, parley.baseUrl);
    await form.goto(general);
    await waitForHydration(composer);
    await form.postTypeLink(`Post a job ${suffix}`).click();
    await composer.waitForURL((url) => url.searchParams.get("postTypeID") === postTypeID);
    await form.waitForEditors();
    expect(await form.heading.innerText()).toBe(`Post a job ${suffix}`);
    await form.title.fill(`Gardener wanted ${suffix}`);
    await form.body.fill("Someone to keep the hedges.");
    await form.postField("Contract").selectOption("Part time");
    await form.postField("Contact").fill("jobs@example.com");
    await form.submitButton.click();
    await expect.poll(() => form.fieldError("Salary (required)")).toBe("Salary is required.");
    await form.postField("Salary (required)").fill("32000");
    expect(await seriousAxeViolations(composer)).toEqual([]);
    await composer.setViewportSize({ width: 1280, height: 900 });
    await screenshot(composer, "post-types-2-composer-1280");
    await composer.setViewportSize({ width: 375, height: 800 });
    await screenshot(composer, "post-types-2-composer-375");
    // By keyboard: the button focused, Enter sends the form.
    await form.submitButton.focus();
    await composer.keyboard.press("Enter");
    await composer.waitForURL((url) => /^\/discussion\/\d+/.test(url.pathname));
    const thread = new DiscussionPage(composer, parley.baseUrl);
    await expect
      .poll(() => thread.postMeta())
      .toEqual({ Salary: "32000", Contract: "Part time", Contact: "jobs@example.com" });
    await composer.setViewportSize({ width: 1280, height: 900 });
    await screenshot(composer, "post-types-3-post-1280");
    await composer.setViewportSize({ width: 375, height: 800 });
    await screenshot(composer, "post-types-3-post-375");
    expect(await seriousAxeViolations(composer)).toEqual([]);
    // The refused first try (422, the required salary) is the only failed request.
    expect(composerProblems.errors.filter((error) => !error.includes("status of 422"))).toEqual([]);
    const postedPath = new URL(composer.url()).pathname;

    // A guest reads it: the public values, not the private contact.
    const guest = await parley.newPage({ javaScriptEnabled: false });
    const guestView = new DiscussionPage(guest, parley.baseUrl);
    expect((await guestView.goto(postedPath)).status()).toBe(200);
    expect(await guestView.postMeta()).toEqual({ Salary: "32000", Contract: "Part time" });

    // Without JavaScript: the type's address, its fields as plain controls, the post made by the form alone.
    const plain = await parley.newPage({ javaScriptEnabled: false });
    await signInContext(plain, parley.baseUrl, member);
    const plainForm = new NewDiscussionPage(plain, parley.baseUrl);
    expect((await plainForm.gotoPostType(general, postTypeID)).status()).toBe(200);
    await plainForm.title.fill(`Cook wanted ${suffix}`);
    await plainForm.body.fill("For the summer.");
    await plainForm.postField("Salary (required)").fill("28000");
    await plainForm.postField("Contract").selectOption("Full time");
    await plainForm.submitButton.click();
    await plain.waitForURL((url) => /^\/discussion\/\d+/.test(url.pathname));
    const plainThread = new DiscussionPage(plain, parley.baseUrl);
    expect(await plainThread.postMeta()).toEqual({ Salary: "28000", Contract: "Full time" });

    // Elsewhere the type is refused: Off Topic does not take it (the server says so).
    const refused = await memberApi.send("POST", "/discussions", {
      name: "Misplaced",
      body: "Here?",
      format: "markdown",
      categoryID: await categoryID(memberApi, "off-topic"),
      postTypeID,
      postMeta: { [`salary-${suffix}`]: 1 },
    });
    expect(refused.status).toBe(400);
    await adminApi.patch("/addons/postTypes", { enabled: false });
  });

  it("a category takes the post types checked on its edit form; the new-post form offers a member only those the category takes and the member's roles may post; the lists filter by post type", async () => {
    const adminApi = await signInAdmin(parley.baseUrl);
    await adminApi.patch("/addons/postTypes", { enabled: true });
    const suffix = Date.now().toString(36);
    const offTopic = await categoryID(adminApi, "off-topic");
    const general = await categoryID(adminApi, "general");
    const roles = await adminApi.get<Array<{ roleID: number; name: string }>>("/roles");
    const administrator = roles.find((role) => role.name === "Administrator")!.roleID;
    // Two types no category takes yet: one for every role, one for administrators only.
    const open = { postTypeID: `event-${suffix}`, name: `Event ${suffix}`, postButtonLabel: `New event ${suffix}` };
    const staff = { postTypeID: `memo-${suffix}`, name: `Memo ${suffix}`, postButtonLabel: `New memo ${suffix}` };
    await adminApi.post("/post-types", { ...open, parentPostTypeID: "discussion" });
    await adminApi.post("/post-types", { ...staff, parentPostTypeID: "discussion", roleIDs: [administrator] });

    // The administrator checks both for Off Topic on its edit form.
    const page = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(page);
    await signInContext(page, parley.baseUrl, { name: "admin", password: adminPassword });
    const categories = new CategoriesDashboardPage(page, parley.baseUrl);
    expect((await categories.open(`/dashboard/categories/${offTopic}/edit`)).status()).toBe(200);
    await waitForHydration(page);
    expect(await categories.postType(open.name).isChecked()).toBe(false);
    await categories.postType(open.name).check();
    await categories.postType(staff.name).check();
    await categories.save();
    await page.waitForURL((url) => url.pathname === "/dashboard/categories");
    const saved = await adminApi.get<{ allowedPostTypeIDs: string[] }>(`/categories/${offTopic}`);
    expect([...saved.allowedPostTypeIDs].sort()).toEqual([open.postTypeID, staff.postTypeID].sort());
    expect(await seriousAxeViolations(page)).toEqual([]);
    // Opened again, the boxes are checked as saved.
    await categories.open(`/dashboard/categories/${offTopic}/edit`);
    expect(await categories.postType(open.name).isChecked()).toBe(true);
    expect(await categories.postType(staff.name).isChecked()).toBe(true);
    expect(problems.errors).toEqual([]);

    // A member: in Off Topic, the type for every role and not the administrators'; in General, neither.
    const member = newMember("eventposter");
    await registerConfirmed(parley, member);
    const memberApi = await signInApi(parley.baseUrl, member.name, member.password);
    const composer = await parley.newPage({ bypassCSP: true });
    await signInContext(composer, parley.baseUrl, member);
    const form = new NewDiscussionPage(composer, parley.baseUrl);
    await form.goto(offTopic);
    await waitForHydration(composer);
    expect(await form.postTypeLink(open.postButtonLabel).count()).toBe(1);
    expect(await form.postTypeLink(staff.postButtonLabel).count()).toBe(0);
    await form.goto(general);
    await waitForHydration(composer);
    expect(await form.postTypeLink(open.postButtonLabel).count()).toBe(0);
    // Asked for by its address where the category does not take it: the plain form.
    await form.gotoPostType(general, open.postTypeID);
    expect(await form.heading.innerText()).toBe("New Discussion");
    // The administrator is offered both in Off Topic.
    const adminForm = new NewDiscussionPage(page, parley.baseUrl);
    await adminForm.goto(offTopic);
    expect(await adminForm.postTypeLink(staff.postButtonLabel).count()).toBe(1);

    // The server refuses what the form does not offer: the administrators' type (403), a type General does not take.
    const post = (categoryID: number, postTypeID: string) =>
      memberApi.send("POST", "/discussions", {
        name: `Try ${suffix}`,
        body: "Here?",
        format: "markdown",
        categoryID,
        postTypeID,
      });
    expect((await post(offTopic, staff.postTypeID)).status).toBe(403);
    expect((await post(general, open.postTypeID)).status).toBe(400);
    expect((await post(offTopic, open.postTypeID)).status).toBe(201);

    // The lists filter by post type (a GET form without JavaScript: ?postTypeID=); Off Topic's offers its types.
    await memberApi.send("POST", "/discussions", {
      name: `Plain ${suffix}`,
      body: "x",
      format: "markdown",
      categoryID: offTopic,
    });
    const plainList = await parley.newPage({ javaScriptEnabled: false });
    await signInContext(plainList, parley.baseUrl, member);
    const list = new DiscussionsPage(plainList, parley.baseUrl);
    expect((await list.open(`/categories/off-topic`)).status()).toBe(200);
    await list.list.choosePostType(open.name);
    await plainList.waitForURL((url) => url.searchParams.get("postTypeID") === open.postTypeID);
    expect(await list.list.item(`Try ${suffix}`).count()).toBe(1);
    expect(await list.list.item(`Plain ${suffix}`).count()).toBe(0);
    // With JavaScript, choosing navigates at once; General takes neither type, and its filter offers neither.
    await composer.goto(`${parley.baseUrl}/discussions`);
    await waitForHydration(composer);
    const scripted = new DiscussionsPage(composer, parley.baseUrl);
    await scripted.list.choosePostType(open.name);
    await composer.waitForURL((url) => url.searchParams.get("postTypeID") === open.postTypeID);
    await expect.poll(() => scripted.list.item(`Plain ${suffix}`).count()).toBe(0);
    expect(await scripted.list.item(`Try ${suffix}`).count()).toBeGreaterThan(0);
    expect(await seriousAxeViolations(composer)).toEqual([]);
    await composer.goto(`${parley.baseUrl}/categories/general`);
    await waitForHydration(composer);
    for (const type of [open, staff])
      expect(await scripted.list.typeFilter("Post type").getByRole("option", { name: type.name }).count()).toBe(0);
    await adminApi.patch(`/categories/${offTopic}`, { allowedPostTypeIDs: [] });
    await adminApi.patch("/addons/postTypes", { enabled: false });
  });
});
