import { describe, expect, it } from "vitest";
import { collectErrors, screenshot, seriousAxeViolations, waitForHydration } from "./support/browser.ts";
import { newMember, registerConfirmed, signInContext } from "./support/accounts.ts";
import { signInAdmin } from "./support/content.ts";
import { adminPassword } from "./support/server.ts";
import { useParley } from "./support/parley.ts";
import { GroupPages } from "./pages/GroupPages.ts";
import { NewDiscussionPage } from "./pages/NewDiscussionPage.ts";
import { press, typeInto } from "./pages/ThemesPages.ts";

const parley = useParley();
const noJs = { javaScriptEnabled: false } as const;

describe("groups", () => {
  it("a private group: created by keyboard, applied to, approved, posted in; hidden from guests", async () => {
    const leader = newMember("leader");
    const joiner = newMember("joiner");
    await registerConfirmed(parley, leader);
    await registerConfirmed(parley, joiner);
    const groupName = `Quiet Readers ${Date.now().toString(36)}`;
    // A word no demo post has, to look for the group's discussion in search.
    const secretWord = `zephyrine${Date.now().toString(36)}`;
    const discussionTitle = `Our first book ${secretWord}`;

    // The leader creates the group from the keyboard: New Group, the fields, Private, Create Group.
    const page = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(page);
    await signInContext(page, parley.baseUrl, leader);
    const groups = new GroupPages(page, parley.baseUrl);
    expect((await groups.gotoList()).status()).toBe(200);
    await waitForHydration(page);
    await press(groups.newGroupLink);
    await page.waitForURL(`${parley.baseUrl}/group/add`);
    await groups.heading.filter({ hasText: "New Group" }).waitFor();
    await waitForHydration(page);
    await typeInto(groups.field("Name"), groupName);
    await page.keyboard.press("Tab");
    expect(await groups.field("Description").evaluate((field) => field === document.activeElement)).toBe(true);
    await page.keyboard.type("We read slowly and talk about it.");
    // The radio group: Tab reaches the checked radio (Public), an arrow moves the choice to Private.
    await page.keyboard.press("Tab");
    expect(await groups.privacy("Public").evaluate((radio) => radio === document.activeElement)).toBe(true);
    await page.keyboard.press("ArrowDown");
    expect(await groups.privacy("Private").isChecked()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "groups-editor");
    await press(groups.button("Create Group"));
    await page.waitForURL(/\/group\/\d+-quiet-readers-[a-z0-9]+$/);
    const groupPath = new URL(page.url()).pathname;
    const groupID = Number(/\/group\/(\d+)-/.exec(groupPath)![1]);
    await groups.heading.filter({ hasText: groupName }).waitFor();
    expect(await groups.privacyBadge.innerText()).toBe("Private");
    expect(await groups.breadcrumbTexts()).toEqual(["Groups", groupName]);
    expect(await groups.canonicalHref()).toBe(`${parley.baseUrl}${groupPath}`);
    await waitForHydration(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "groups-group-leader");

    // A second member finds it listed, cannot read its discussions, and applies with a reason.
    const other = await parley.newPage({ bypassCSP: true });
    const otherProblems = collectErrors(other);
    await signInContext(other, parley.baseUrl, joiner);
    const joinerView = new GroupPages(other, parley.baseUrl);
    expect((await joinerView.gotoList("?sort=-dateInserted")).status()).toBe(200);
    await waitForHydration(other);
    expect(await joinerView.card(groupName).getByText("Private", { exact: true }).count()).toBe(1);
    expect(await seriousAxeViolations(other)).toEqual([]);
    await screenshot(other, "groups-list");
    await joinerView.cardLink(groupName).click();
    await other.waitForURL(`${parley.baseUrl}${groupPath}`);
    await joinerView.membersOnlyNotice.waitFor();
    expect(await joinerView.discussions.getByRole("listitem").count()).toBe(0);
    expect(await joinerView.newDiscussionLink.count()).toBe(0);
    await waitForHydration(other);
    await press(joinerView.applyDisclosure);
    await joinerView.reason.waitFor();
    await joinerView.reason.focus();
    await other.keyboard.type("I read a book a week.");
    await press(joinerView.button("Send Application"));
    await joinerView.message("Your application has been sent. A leader of the group will review it.").waitFor();
    await joinerView.pendingStatus.waitFor();
    await expect.poll(() => joinerView.applyDisclosure.count()).toBe(0);

    // The leader approves the application on the members page.
    await press(groups.membersLink);
    await page.waitForURL(`${parley.baseUrl}${groupPath}/members`);
    const application = groups.section("Applications").getByRole("listitem").filter({ hasText: joiner.name });
    await application.waitFor();
    expect(await application.innerText()).toContain("I read a book a week.");
    expect(await groups.memberNames("Leaders")).toEqual([leader.name]);
    // The only leader stays one: no Make Member or Remove for them, and the page says why.
    expect(await groups.section("Leaders").getByRole("button").count()).toBe(0);
    expect(await groups.section("Leaders").innerText()).toContain("A group needs at least one leader.");
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "groups-members-leader");
    await press(groups.button(`Approve ${joiner.name}`));
    await groups.message("The application has been approved.").waitFor();
    await expect.poll(() => groups.memberNames("Members")).toEqual([joiner.name]);
    await expect.poll(() => groups.section("Applications").getByRole("listitem").count()).toBe(0);

    // The new member reads the group now, and posts in it through New Discussion.
    await other.reload();
    await waitForHydration(other);
    expect(await joinerView.membersOnlyNotice.count()).toBe(0);
    await press(joinerView.newDiscussionLink);
    await other.waitForURL(`${parley.baseUrl}/post/discussion/social-groups?groupid=${groupID}`);
    expect(await joinerView.postingIn.innerText()).toBe(`Posting in ${groupName}`);
    expect(await joinerView.main.getByRole("combobox", { name: "Category" }).count()).toBe(0);
    await waitForHydration(other);
    await typeInto(joinerView.field("Title"), discussionTitle);
    const editor = joinerView.bodyEditor;
    await editor.waitForEditor();
    await editor.text.focus();
    await other.keyboard.type("Shall we start with something short?");
    await press(joinerView.button("Post Discussion"));
    await other.waitForURL(/\/discussion\/\d+\/our-first-book-/);
    await joinerView.heading.filter({ hasText: discussionTitle }).waitFor();
    expect(await joinerView.breadcrumbTexts()).toEqual(["Home", "Groups", groupName]);
    const discussionPath = new URL(other.url()).pathname;
    await screenshot(other, "groups-discussion");

    // The group's page lists it; a guest sees neither the discussion nor it in lists and search.
    await joinerView.open(groupPath);
    expect(await joinerView.discussionTitles()).toEqual([discussionTitle]);
    const guest = await parley.newPage();
    const guestView = new GroupPages(guest, parley.baseUrl);
    expect((await guestView.open("/discussions")).status()).toBe(200);
    expect(await guestView.main.getByText(discussionTitle).count()).toBe(0);
    expect((await guestView.open(`/search?query=${secretWord}`)).status()).toBe(200);
    expect(await guestView.main.getByText(discussionTitle).count()).toBe(0);
    // Its page is refused as any discussion of a category the guest may not read.
    expect((await guestView.open(discussionPath)).status()).toBe(403);
    expect(await guestView.heading.innerText()).toBe("Permission Problem");
    expect(await guestView.main.getByText(discussionTitle).count()).toBe(0);
    expect((await guestView.open(groupPath)).status()).toBe(200);
    await guestView.membersOnlyNotice.waitFor();
    // The member still finds it in search (the words are indexed).
    await joinerView.open(`/search?query=${secretWord}`);
    await joinerView.main.getByRole("link", { name: discussionTitle }).waitFor();

    expect(problems.errors).toEqual([]);
    expect(otherProblems.errors).toEqual([]);
  });

  it("a member joins and leaves a public group (confirmed); it shows under My Groups", async () => {
    const admin = await signInAdmin(parley.baseUrl);
    const group = await admin.post<{ groupID: number; url: string; name: string }>("/groups", {
      name: `Open Garden ${Date.now().toString(36)}`,
      description: "Anyone may join.",
      privacy: "public",
    });
    const member = newMember("gardener");
    await registerConfirmed(parley, member);
    const page = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(page);
    await signInContext(page, parley.baseUrl, member);
    const groups = new GroupPages(page, parley.baseUrl);
    const path = new URL(group.url).pathname;
    expect((await groups.open(path)).status()).toBe(200);
    await waitForHydration(page);
    await press(groups.button("Join"));
    await groups.message(`Welcome to ${group.name}!`).waitFor();
    // Straight on (no reload) to New Discussion: the create-post page knows the member belongs now.
    await press(groups.newDiscussionLink);
    await page.waitForURL(/\/post\/discussion\/social-groups\?groupid=\d+$/);
    expect(await groups.postingIn.innerText()).toBe(`Posting in ${group.name}`);

    expect((await groups.gotoList("?filter=mine")).status()).toBe(200);
    expect(await groups.cardNames()).toEqual([group.name]);
    expect(await groups.filters.getByRole("link", { name: "My Groups" }).getAttribute("aria-current")).toBe("page");

    await groups.open(path);
    await waitForHydration(page);
    await press(groups.button("Leave"));
    const dialog = groups.dialogNamed("Leave Group");
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Leave" }).click();
    await groups.message(`You have left ${group.name}.`).waitFor();
    await groups.button("Join").waitFor();
    expect(problems.errors).toEqual([]);
  });

  it("a leader invites a member to a secret group by name; the member accepts", async () => {
    const admin = await signInAdmin(parley.baseUrl);
    const group = await admin.post<{ groupID: number; url: string; name: string }>("/groups", {
      name: `Hidden Circle ${Date.now().toString(36)}`,
      description: "Invitation only.",
      privacy: "secret",
    });
    const path = new URL(group.url).pathname;
    const guest = new GroupPages(await parley.newPage(), parley.baseUrl);
    expect((await guest.open(path)).status()).toBe(404);
    expect((await guest.gotoList()).status()).toBe(200);
    expect(await guest.card(group.name).count()).toBe(0);

    const invitee = newMember("invitee");
    await registerConfirmed(parley, invitee);
    const leaderPage = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(leaderPage);
    await signInContext(leaderPage, parley.baseUrl, { name: "admin", password: adminPassword });
    const leader = new GroupPages(leaderPage, parley.baseUrl);
    expect((await leader.open(`${path}/members`)).status()).toBe(200);
    await waitForHydration(leaderPage);
    // The name field suggests members as their name is typed; choosing one completes it.
    await leader.field("Members to invite").focus();
    await leaderPage.keyboard.type(invitee.name.slice(0, 9));
    const suggestion = leader.section("Invite Members").getByRole("button", { name: invitee.name, exact: true });
    await suggestion.waitFor();
    await press(suggestion);
    expect(await leader.field("Members to invite").inputValue()).toBe(`${invitee.name}, `);
    await press(leader.button("Invite"));
    await leader.message(`${invitee.name} has been invited.`).waitFor();
    const pending = leader.section("Invite Members").getByRole("listitem");
    // The lists follow the answer (the query cache tells the page a moment after the message shows).
    await expect.poll(() => pending.allInnerTexts()).toEqual([expect.stringContaining(invitee.name)]);
    expect(await seriousAxeViolations(leaderPage)).toEqual([]);
    await screenshot(leaderPage, "groups-members-invited");
    expect(problems.errors).toEqual([]);

    const page = await parley.newPage({ bypassCSP: true });
    await signInContext(page, parley.baseUrl, invitee);
    const groups = new GroupPages(page, parley.baseUrl);
    expect((await groups.gotoList()).status()).toBe(200);
    expect(await groups.card(group.name).getByText("Secret", { exact: true }).count()).toBe(1);
    expect((await groups.open(path)).status()).toBe(200);
    await groups.message("You have been invited to join this group.").waitFor();
    await waitForHydration(page);
    await press(groups.button("Accept"));
    await groups.message(`Welcome to ${group.name}!`).waitFor();
    await groups.button("Leave").waitFor();
    expect(await groups.newDiscussionLink.count()).toBe(1);
  });

  it("a leader edits a group: server field errors, the unsaved-changes question, then Delete (confirmed)", async () => {
    const admin = await signInAdmin(parley.baseUrl);
    const stamp = Date.now().toString(36);
    const taken = await admin.post<{ name: string }>("/groups", {
      name: `Taken ${stamp}`,
      description: "",
      privacy: "public",
    });
    const group = await admin.post<{ groupID: number; url: string; name: string }>("/groups", {
      name: `Editable ${stamp}`,
      description: "Before.",
      privacy: "public",
    });
    const page = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(page);
    await signInContext(page, parley.baseUrl, { name: "admin", password: adminPassword });
    const groups = new GroupPages(page, parley.baseUrl);
    expect((await groups.open(new URL(group.url).pathname)).status()).toBe(200);
    await waitForHydration(page);
    await press(groups.main.getByRole("link", { name: "Edit Group", exact: true }));
    await page.waitForURL(`${parley.baseUrl}/group/${group.groupID}/edit`);
    await groups.heading.filter({ hasText: "Edit Group" }).waitFor();
    await waitForHydration(page);
    expect(await groups.field("Name").inputValue()).toBe(group.name);
    expect(await groups.privacy("Public").isChecked()).toBe(true);

    // The server's answer for a name in use, beside the field; the edits stay.
    await typeInto(groups.field("Name"), taken.name);
    await press(groups.button("Save"));
    await groups.message("A group with this name already exists.").waitFor();
    expect(await groups.field("Name").getAttribute("aria-invalid")).toBe("true");
    expect(await groups.field("Name").inputValue()).toBe(taken.name);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "groups-editor-invalid");

    // Leaving with unsaved edits asks first; staying keeps them.
    await groups.breadcrumbs.getByRole("link", { name: "Groups", exact: true }).click();
    const question = groups.dialogNamed("Unsaved Changes");
    await question.waitFor();
    await question.getByRole("button", { name: "Cancel" }).click();
    await question.waitFor({ state: "detached" });
    expect(new URL(page.url()).pathname).toBe(`/group/${group.groupID}/edit`);

    await typeInto(groups.field("Name"), `Edited ${stamp}`);
    await typeInto(groups.field("Description"), "After.");
    await press(groups.button("Save"));
    await page.waitForURL(new RegExp(`/group/${group.groupID}-edited-`));
    await groups.heading.filter({ hasText: `Edited ${stamp}` }).waitFor();
    expect(await groups.main.getByText("After.", { exact: true }).count()).toBe(1);

    // Delete: a dialog says the discussions go with it; then the list, without the group.
    await waitForHydration(page);
    await press(groups.main.getByRole("link", { name: "Edit Group", exact: true }));
    await groups.heading.filter({ hasText: "Edit Group" }).waitFor();
    await waitForHydration(page);
    await press(groups.button("Delete Group"));
    const confirm = groups.dialogNamed("Delete Group");
    await confirm.waitFor();
    expect(await confirm.innerText()).toContain("Its discussions and their comments are deleted with it.");
    await confirm.getByRole("button", { name: "Delete" }).click();
    await page.waitForURL(`${parley.baseUrl}/groups`);
    await groups.heading.filter({ hasText: "Groups" }).waitFor();
    expect(await groups.card(`Edited ${stamp}`).count()).toBe(0);
    // The refused save (422) is the only failure the page met.
    expect(problems.errors).toEqual([expect.stringMatching(/status of 422 .*\/api\/v2\/groups\/\d+/)]);
    expect((await groups.open(`/group/${group.groupID}-edited`)).status()).toBe(404);
  });

  it("reads /groups and a public group's page without JavaScript; statuses, redirects and 404s", async () => {
    const admin = await signInAdmin(parley.baseUrl);
    const group = await admin.post<{ groupID: number; url: string; name: string; slug: string }>("/groups", {
      name: `Plain Readers ${Date.now().toString(36)}`,
      description: "Read without scripts.",
      privacy: "public",
    });
    await admin.post("/discussions", {
      groupID: group.groupID,
      name: "Welcome, plain readers",
      body: "Hello.",
      format: "markdown",
    });

    const page = await parley.newPage(noJs);
    const groups = new GroupPages(page, parley.baseUrl);
    expect((await groups.gotoList("?sort=-dateInserted")).status()).toBe(200);
    expect(await groups.heading.innerText()).toBe("Groups");
    expect(await page.title()).toBe("Groups - Parley");
    const path = new URL(group.url).pathname;
    expect(await groups.cardLink(group.name).getAttribute("href")).toBe(path);
    expect(await groups.card(group.name).innerText()).toContain("Public");
    await screenshot(page, "groups-list-no-js");

    expect((await groups.open(path)).status()).toBe(200);
    expect(await groups.heading.innerText()).toBe(group.name);
    expect(await groups.discussionTitles()).toEqual(["Welcome, plain readers"]);
    expect(await groups.canonicalHref()).toBe(`${parley.baseUrl}${path}`);
    expect(await groups.main.getByRole("link", { name: "Sign in to join" }).count()).toBe(1);
    await screenshot(page, "groups-group-no-js");

    const moved = await page.request.get(`${parley.baseUrl}/group/${group.groupID}-old-name`, { maxRedirects: 0 });
    expect(moved.status()).toBe(301);
    expect(moved.headers()["location"]).toMatch(new RegExp(`${path}$`));
    for (const missing of ["/group/999999-nothing", "/group/x", "/groups?page=999", `${path}?page=9`])
      expect((await groups.open(missing)).status(), missing).toBe(404);
    expect((await groups.open(`${path}/members`)).status()).toBe(200);
    expect(await groups.memberNames("Leaders")).toEqual(["admin"]);

    // A member applies to a private group with a plain form post, and sees the answer.
    const closed = await admin.post<{ url: string; name: string }>("/groups", {
      name: `Plain Private ${Date.now().toString(36)}`,
      description: "Apply first.",
      privacy: "private",
    });
    const member = newMember("plainapplicant");
    await registerConfirmed(parley, member);
    const signedIn = await parley.newPage(noJs);
    await signInContext(signedIn, parley.baseUrl, member);
    const plain = new GroupPages(signedIn, parley.baseUrl);
    expect((await plain.open(new URL(closed.url).pathname)).status()).toBe(200);
    await plain.membersOnlyNotice.waitFor();
    await plain.applyDisclosure.click();
    await plain.reason.fill("Without scripts.");
    await plain.button("Send Application").click();
    await plain.message("Your application has been sent. A leader of the group will review it.").waitFor();
    expect(await plain.pendingStatus.count()).toBe(1);
    const applicants = await admin.get<Array<{ reason: string; user: { name: string } }>>(
      `/groups/${/\/group\/(\d+)-/.exec(closed.url)![1]}/applicants`,
    );
    expect(applicants.map((applicant) => [applicant.user.name, applicant.reason])).toEqual([
      [member.name, "Without scripts."],
    ]);
  });

  it("continues a group discussion's draft in its group, from the draft's link", async () => {
    const admin = await signInAdmin(parley.baseUrl);
    const [club] = await admin.get<Array<{ groupID: number; name: string }>>("/groups?name=Self-Hosting");
    const draft = await admin.post<{ draftID: number }>("/drafts", {
      recordType: "discussion",
      parentRecordType: "group",
      parentRecordID: club!.groupID,
      attributes: {
        body: "Half-written thoughts on snapshots.",
        format: "markdown",
        draftType: "discussion",
        draftMeta: { name: "Snapshots before upgrades", groupID: club!.groupID },
      },
    });
    const page = await parley.newPage();
    await signInContext(page, parley.baseUrl, { name: "admin", password: adminPassword });
    await page.goto(`${parley.baseUrl}/post/editdiscussion/0/${draft.draftID}`);
    await page.waitForURL(
      `${parley.baseUrl}/post/discussion/social-groups?groupid=${club!.groupID}&draftID=${draft.draftID}`,
    );
    await waitForHydration(page);
    const form = new NewDiscussionPage(page, parley.baseUrl);
    await form.text(`Posting in ${club!.name}`).waitFor();
    await expect.poll(() => form.title.inputValue()).toBe("Snapshots before upgrades");
  });
});
