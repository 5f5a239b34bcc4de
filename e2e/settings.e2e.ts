import { describe, expect, it } from "vitest";
import { newMember, registerConfirmed, signInContext } from "./support/accounts.ts";
import { collectErrors, screenshot, seriousAxeViolations, waitForHydration } from "./support/browser.ts";
import { addComments, categoryID, createDiscussion, pathOf, signInAdmin } from "./support/content.ts";
import { useParley } from "./support/parley.ts";
import { adminPassword } from "./support/server.ts";
import { DiscussionPage } from "./pages/DiscussionPage.ts";
import { RegisterPage } from "./pages/RegisterPage.ts";
import { RegistrationSettingsPage } from "./pages/RegistrationSettingsPage.ts";
import { ReportReasonsPage } from "./pages/ReportReasonsPage.ts";
import { SettingsPage } from "./pages/SettingsPage.ts";

const parley = useParley();
const admin = { name: "admin", password: adminPassword };

describe("site settings (PATCH /config) at /dashboard/settings", () => {
  it("an administrator finds them in the My Account menu, changes the title and a feature, and every page shows it", async () => {
    const page = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(page);
    await signInContext(page, parley.baseUrl, admin);
    const settings = new SettingsPage(page, parley.baseUrl);
    expect((await settings.open("/discussions")).status()).toBe(200);
    await waitForHydration(page);
    await settings.menuLink.click();
    await page.waitForURL(/\/dashboard\/settings$/);
    await settings.siteTitle.waitFor();
    expect(await settings.siteTitle.inputValue()).toBe("Parley");
    expect(await settings.feature("Private messages").isChecked()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await settings.siteTitle.fill("Gardeners' Corner");
    await settings.editWindow.selectOption({ label: "Authors may edit for 1 hour" });
    await settings.feature("Private messages").uncheck();
    await settings.saveButton.click();
    await settings.saved.waitFor();
    // The title bar and the document title follow without a reload; private messages leave the bar.
    await settings.logoNamed("Gardeners' Corner").waitFor();
    await settings.messagesButton.waitFor({ state: "detached" });
    await page.waitForFunction(() => document.title === "Site Settings - Gardeners' Corner");
    await screenshot(page, "settings-saved");

    const stored = await (
      await signInAdmin(parley.baseUrl)
    ).get<Record<string, unknown>>("/config?select=garden.title,ui.editContentTimeout,conversations.enabled");
    expect(stored).toEqual({
      "garden.title": "Gardeners' Corner",
      "ui.editContentTimeout": 3600,
      "conversations.enabled": false,
    });
    // A guest's next page says it in its first response.
    const guestPage = await fetch(`${parley.baseUrl}/discussions`);
    expect(await guestPage.text()).toContain("<title>Recent Discussions - Gardeners' Corner</title>");
    expect(problems.errors).toEqual([]);
  });

  it("works without JavaScript, and shows a refused value next to its field", async () => {
    const page = await parley.newPage({ javaScriptEnabled: false });
    await signInContext(page, parley.baseUrl, admin);
    const settings = new SettingsPage(page, parley.baseUrl);
    expect((await settings.goto()).status()).toBe(200);
    await settings.siteDescription.fill("Everything about gardens and the tools for them.");
    await Promise.all([page.waitForURL(/\/dashboard\/settings$/), settings.saveButton.click()]);
    await settings.saved.waitFor();
    expect(await settings.siteDescription.inputValue()).toBe("Everything about gardens and the tools for them.");
    // A title longer than the field lets one type, posted directly: the server's refusal shows by the field.
    const transientKey = await settings.transientKey();
    const refused = await page.request.post(`${parley.baseUrl}/dashboard/settings`, {
      form: { transientKey, "garden.title": "x".repeat(256), "garden.description": "Still here." },
      // As a browser's form post, from the page's own origin.
      headers: { origin: parley.baseUrl, referer: `${parley.baseUrl}/dashboard/settings` },
    });
    expect(refused.status(), await refused.text()).toBe(400);
    expect(await refused.text()).toContain("garden.title is 255 characters at most.");
    const description = await fetch(`${parley.baseUrl}/api/v2/config?select=garden.description`);
    expect(await description.json()).toEqual({
      "garden.description": "Everything about gardens and the tools for them.",
    });
  });

  it("is refused to a member, who has no link to it", async () => {
    const member = newMember("gardener");
    await registerConfirmed(parley, member);
    const page = await parley.newPage();
    await signInContext(page, parley.baseUrl, member);
    const settings = new SettingsPage(page, parley.baseUrl);
    expect((await settings.goto()).status()).toBe(403);
    expect(await settings.pageHeading.innerText()).toBe("Permission Problem");
    expect((await settings.open("/discussions")).status()).toBe(200);
    await waitForHydration(page);
    await settings.accountButton.click();
    const menu = settings.dialog("My Account");
    await menu.getByRole("link", { name: "Profile" }).waitFor();
    expect(await menu.getByRole("link", { name: "Site Settings" }).count()).toBe(0);
  });

  it("closing registration takes the Register button away and refuses the form, with or without JavaScript", async () => {
    const page = await parley.newPage();
    await signInContext(page, parley.baseUrl, admin);
    // The method is set on the Registration page, which Site Settings links to.
    const settings = new SettingsPage(page, parley.baseUrl);
    await settings.goto();
    await waitForHydration(page);
    await settings.registrationLink.click();
    const registration = new RegistrationSettingsPage(page, parley.baseUrl);
    await registration.waitForPage("Registration");
    await registration.chooseMethod("Closed");
    await registration.saveAndWait();
    await registration.status("Your changes have been saved.").waitFor();

    for (const javaScriptEnabled of [true, false]) {
      const guest = await parley.newPage({ javaScriptEnabled });
      const register = new RegisterPage(guest, parley.baseUrl);
      expect((await register.goto()).status()).toBe(200);
      await register.alertMessage("Registration is closed.").waitFor();
      expect(await register.submitButton.count()).toBe(0);
      expect(await register.registerLink.count()).toBe(0);
    }
    // The API refuses too (the form is only what a browser sees).
    const refused = await fetch(`${parley.baseUrl}/api/v2/users/register`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-requested-with": "vanilla" },
      body: JSON.stringify({ name: "Latecomer", email: "latecomer@people.test", password: "long enough 1" }),
    });
    expect(refused.status).toBe(403);

    await registration.chooseMethod("Basic");
    await registration.saveAndWait();
    await registration.status("Your changes have been saved.").waitFor();
    const reopened = new RegisterPage(await parley.newPage(), parley.baseUrl);
    await reopened.goto();
    await reopened.submitButton.waitFor();
  });

  it("report reasons: an administrator adds, renames and deletes one; a member reporting a comment is offered it", async () => {
    const page = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(page);
    await signInContext(page, parley.baseUrl, admin);
    const settings = new SettingsPage(page, parley.baseUrl);
    await settings.goto();
    await waitForHydration(page);
    await settings.settingsLink("Report Reasons").click();
    await page.waitForURL(/\/dashboard\/settings\/report-reasons$/);
    const reasonsPage = new ReportReasonsPage(page, parley.baseUrl);
    const reasons = reasonsPage.reasons;
    await reasons.getByRole("listitem").first().waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    const add = reasonsPage.addForm;
    await reasonsPage.fillNewReason("Wrong category", "The post belongs elsewhere.");
    await reasonsPage.addButton.click();
    await reasonsPage.statusMessage("The reason has been added.").waitFor();
    const added = reasonsPage.reason("wrong-category");
    expect(await added.getByLabel("Name").inputValue()).toBe("Wrong category");
    // The form to add one starts empty again.
    expect(await add.getByLabel("Name").inputValue()).toBe("");
    await screenshot(page, "report-reasons");

    // A member reporting a comment is offered it.
    const adminApi = await signInAdmin(parley.baseUrl);
    const discussion = await createDiscussion(adminApi, {
      name: "A reportable thread",
      body: "Body.",
      categoryID: await categoryID(adminApi, "general"),
    });
    const [comment] = await addComments(adminApi, discussion.discussionID, ["Off-topic talk."]);
    const member = newMember("reporter");
    await registerConfirmed(parley, member);
    const memberPage = await parley.newPage();
    await signInContext(memberPage, parley.baseUrl, member);
    const memberView = new DiscussionPage(memberPage, parley.baseUrl);
    await memberView.goto(pathOf(discussion.url));
    await waitForHydration(memberPage);
    await memberView.reportComment(comment!.commentID);
    await memberView.reportReason(/^Wrong category/).waitFor();

    // Renamed, then deleted.
    await reasonsPage.rename("wrong-category", "Misplaced post");
    await reasonsPage.statusMessage("The reason has been saved.").waitFor();
    expect(await added.getByLabel("Name").inputValue()).toBe("Misplaced post");
    await reasonsPage.deleteReason("wrong-category", "Misplaced post");
    await reasonsPage.statusMessage("The reason has been deleted.").waitFor();
    await added.waitFor({ state: "detached" });
    const left = await adminApi.get<Array<{ reportReasonID: string }>>("/report-reasons");
    expect(left.map((reason) => reason.reportReasonID)).not.toContain("wrong-category");

    // Without JavaScript, the same forms.
    const plain = await parley.newPage({ javaScriptEnabled: false });
    await signInContext(plain, parley.baseUrl, admin);
    const plainReasons = new ReportReasonsPage(plain, parley.baseUrl);
    await plainReasons.goto();
    await plainReasons.fillNewReason("Duplicate post");
    await Promise.all([plain.waitForLoadState("load"), plainReasons.addButton.click()]);
    await plainReasons.statusMessage("The reason has been added.").waitFor();
    await plainReasons.reason("duplicate-post").waitFor();
    expect(problems.errors).toEqual([]);
  });
});
