import { describe, expect, it } from "vitest";
import { newMember, registerConfirmed, signInContext } from "./support/accounts.ts";
import { collectErrors, screenshot, seriousAxeViolations, waitForHydration } from "./support/browser.ts";
import { categoryID, createDiscussion, signInAdmin, signInApi } from "./support/content.ts";
import { useParley } from "./support/parley.ts";
import { adminPassword } from "./support/server.ts";
import { MembersDashboardPage } from "./pages/MembersDashboardPage.ts";

const parley = useParley();
const admin = { name: "admin", password: adminPassword };

interface RoleRecord {
  roleID: number;
  name: string;
}

describe("members at /dashboard/users", () => {
  it("an administrator finds a member by name, bans them, and the member's session is refused from then on", async () => {
    const member = newMember("banme");
    await registerConfirmed(parley, member);
    const memberApi = await signInApi(parley.baseUrl, member.name, member.password);
    const general = await categoryID(memberApi, "general");
    await createDiscussion(memberApi, { name: "Before the ban", body: "Still allowed.", categoryID: general });
    const page = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(page);
    await signInContext(page, parley.baseUrl, admin);
    const members = new MembersDashboardPage(page, parley.baseUrl);
    expect((await members.goto()).status()).toBe(200);
    await waitForHydration(page);
    await members.navLink("Members").waitFor();
    // The first column holds the rows' checkboxes ("Select all members on this page" heads it).
    expect(await members.columns()).toEqual([
      "",
      "Name",
      "E-mail",
      "Roles",
      "Joined",
      "Last active",
      "Posts",
      "Banned",
      "Edit",
    ]);

    await members.find(member.name.slice(0, 8));
    await page.waitForURL(/\/dashboard\/users\?query=/);
    await expect.poll(() => members.names()).toEqual([member.name]);
    const [email, roles, , , posts, banned] = await members.cells(member.name);
    expect([email, roles, posts, banned]).toEqual([member.email, "Member", "1", "No"]);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "members-table");

    await members.edit(member.name);
    await members.ban(member.name, { reason: "Links to a casino in every post.", for: "1 week" });
    await members.status(`${member.name} has been banned.`).waitFor();
    await members.panel("Banned").waitFor();
    const details = await members.banDetails();
    expect(details["Reason"]).toBe("Links to a casino in every post.");
    // A week from now (the extended date names the weekday and the year).
    const inAWeek = new Date(Date.now() + 7 * 24 * 60 * 60_000);
    expect(details["Until"]).toContain(String(inAWeek.getUTCFullYear()));
    expect(details["Until"]).toContain(inAWeek.toLocaleDateString("en-US", { month: "long", timeZone: "UTC" }));
    expect(Object.keys(details)).toEqual(["Reason", "Since", "Until"]);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "member-banned");

    // The member's session holds no permission any more: the next post is refused as banned, and so is signing in.
    const refused = await memberApi.send<{ message: string }>("POST", "/discussions", {
      name: "After the ban",
      body: "Refused.",
      format: "markdown",
      categoryID: general,
    });
    expect([refused.status, refused.json.message]).toEqual([401, "You are banned."]);
    await expect(signInApi(parley.baseUrl, member.name, member.password)).rejects.toThrow(/answered 401/);

    // The filters find them among the banned; unbanning lets them in again.
    await members.goto();
    await members.find(member.name.slice(0, 8), { banned: "Banned" });
    await page.waitForURL(/banned=yes/);
    await expect.poll(() => members.names()).toEqual([member.name]);
    await members.edit(member.name);
    await members.unban(member.name);
    await members.status(`${member.name} is no longer banned.`).waitFor();
    expect((await memberApi.send("GET", "/discussions?limit=1")).status).toBe(200);
    expect(problems.errors).toEqual([]);
  });

  it("gives a member a role, refuses a name already taken beside its field, and sorts by posts", async () => {
    const api = await signInAdmin(parley.baseUrl);
    const roles = await api.get<RoleRecord[]>("/roles");
    const member = newMember("rolly");
    const userID = await registerConfirmed(parley, member);
    const page = await parley.newPage();
    await signInContext(page, parley.baseUrl, admin);
    const members = new MembersDashboardPage(page, parley.baseUrl);
    expect((await members.openMember(userID)).status()).toBe(200);
    await waitForHydration(page);
    expect(await members.checkedRoles()).toEqual(["Member"]);
    await members.setRoles({ Moderator: true });
    await members.status("The member’s roles have been saved.").waitFor();
    expect(await members.checkedRoles()).toEqual(["Member", "Moderator"]);
    const saved = await api.get<{ roleIDs: number[] }>(`/users/${userID}`);
    const moderatorRole = roles.find((role) => role.name === "Moderator")!.roleID;
    expect(saved.roleIDs).toContain(moderatorRole);

    await members.rename("admin");
    await members.fieldError("Details", "The name you entered is already in use by another member.").waitFor();
    await screenshot(page, "members-edit");
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, "members-edit-375");

    await members.goto();
    await members.find("", { role: "Moderator" });
    await page.waitForURL(new RegExp(`roleID=${moderatorRole}`));
    await expect.poll(() => members.names()).toContain(member.name);
    expect(await members.names()).not.toContain("admin");
    await members.sortBy("Posts");
    await page.waitForURL(/sort=-countPosts/);
    await expect.poll(() => members.sortOf("Posts")).toBe("descending");
    await screenshot(page, "members-table-375");
  });

  it("works without JavaScript: deleting asks first, keeping the posts", async () => {
    const member = newMember("gone");
    const userID = await registerConfirmed(parley, member);
    const memberApi = await signInApi(parley.baseUrl, member.name, member.password);
    const general = await categoryID(memberApi, "general");
    const kept = await createDiscussion(memberApi, { name: "Kept after deletion", body: "Hi.", categoryID: general });
    const page = await parley.newPage({ javaScriptEnabled: false });
    await signInContext(page, parley.baseUrl, admin);
    const members = new MembersDashboardPage(page, parley.baseUrl);
    expect((await members.openMember(userID)).status()).toBe(200);
    await members.askDelete(member.name, "Keep their posts");
    await members.confirmation.waitFor();
    await members.confirm();
    await members.status(`${member.name} has been deleted.`).waitFor();
    const api = await signInAdmin(parley.baseUrl);
    expect((await api.send("GET", `/discussions/${kept.discussionID}`)).status).toBe(200);
  });

  it("is refused to a moderator without users.edit, who has no link to it", async () => {
    const api = await signInAdmin(parley.baseUrl);
    const roles = await api.get<RoleRecord[]>("/roles");
    const moderator = newMember("usermod");
    const moderatorID = await registerConfirmed(parley, moderator);
    await api.patch(`/users/${moderatorID}`, { roleID: [roles.find((role) => role.name === "Moderator")!.roleID] });
    const page = await parley.newPage();
    await signInContext(page, parley.baseUrl, moderator);
    const members = new MembersDashboardPage(page, parley.baseUrl);
    expect((await members.goto()).status()).toBe(403);
    expect(await members.heading.innerText()).toBe("Permission Problem");
    expect((await members.openMember(moderatorID)).status()).toBe(403);
    expect((await members.open("/dashboard")).status()).toBe(200);
    expect(await members.navLink("Members").count()).toBe(0);
  });
});
