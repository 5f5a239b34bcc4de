import { describe, expect, it } from "vitest";
import { newMember, registerConfirmed, signInContext } from "./support/accounts.ts";
import { collectErrors, screenshot, seriousAxeViolations, waitForHydration } from "./support/browser.ts";
import { signInAdmin } from "./support/content.ts";
import { useParley } from "./support/parley.ts";
import { adminPassword } from "./support/server.ts";
import { MembersDashboardPage } from "./pages/MembersDashboardPage.ts";
import { RolesDashboardPage } from "./pages/RolesDashboardPage.ts";

const parley = useParley();
const admin = { name: "admin", password: adminPassword };

interface RoleRecord {
  roleID: number;
  name: string;
  permissions?: Array<{ type: string; id: number | null; permissions: Record<string, boolean | null> }>;
}

describe("roles and permissions at /dashboard/roles", () => {
  it("an administrator adds a role with community.manage, gives it to a member, who then manages the reactions", async () => {
    const api = await signInAdmin(parley.baseUrl);
    // A category with its own permissions: the role page has a table for it.
    const staffRoom = await api.post<{ categoryID: number }>("/categories", {
      name: "Staff Room",
      urlcode: "staff-room",
      customPermissions: true,
    });
    const member = newMember("keeper");
    await registerConfirmed(parley, member);
    const memberPage = await parley.newPage();
    await signInContext(memberPage, parley.baseUrl, member);
    const asMember = new RolesDashboardPage(memberPage, parley.baseUrl);
    // A plain member has no community.manage: the Reactions page is refused.
    expect((await asMember.open("/dashboard/reactions")).status()).toBe(403);

    const page = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(page);
    await signInContext(page, parley.baseUrl, admin);
    const roles = new RolesDashboardPage(page, parley.baseUrl);
    expect((await roles.goto()).status()).toBe(200);
    await waitForHydration(page);
    await roles.navLink("Roles & Permissions").waitFor();
    expect(await roles.names()).toEqual(["Guest", "Unconfirmed", "Applicant", "Member", "Moderator", "Administrator"]);
    // The members column counts each role's holders and links to them on the Members page.
    const moderatorCount = (await api.get<Array<RoleRecord & { countUsers: number }>>("/roles?expand=countUsers")).find(
      (role) => role.name === "Moderator",
    )!.countUsers;
    expect(await roles.cells("Moderator")).toEqual([
      expect.any(String),
      "Moderator",
      "Built-in",
      moderatorCount.toLocaleString("en"),
    ]);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "roles-list");

    // The Members pages, opened first, hold the roles they offer: the new role must show there all the same.
    const members = new MembersDashboardPage(page, parley.baseUrl);
    await members.navLink("Members").click();
    await members.waitForPage("Members");
    await members.navLink("Roles & Permissions").click();
    await roles.waitForPage("Roles & Permissions");

    await roles.addRole();
    expect(await roles.areas()).toEqual([
      "Site",
      "Users",
      "Community and moderation",
      "Discussions",
      "Comments",
      "Posts and events",
      "Reactions",
      "Conversations",
      "E-mail notifications",
      "Knowledge bases",
    ]);
    expect(await roles.permission("session.valid").isChecked()).toBe(true);
    await roles.fillDetails({ name: "Reaction Keepers", description: "Look after the reactions." });
    await roles.setPermissions({ "community.manage": true });
    await roles.categoryPermission("Start discussions", "Staff Room").check();

    // The matrix by keyboard: Tab goes from box to box, Space ticks.
    await roles.permission("approval.require").focus();
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).value)).toBe("tags.add");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).value)).toBe("uploads.add");
    await page.keyboard.press("Space");
    expect(await roles.permission("uploads.add").isChecked()).toBe(true);
    await roles.save("Add Role");
    await page.waitForURL(/\/dashboard\/roles\/\d+\?saved=1$/);
    await roles.status("The role has been saved.").waitFor();
    expect(await roles.permission("community.manage").isChecked()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "roles-edit");

    const created = await api.get<RoleRecord>("/roles/$name:Reaction Keepers?expand=permissions");
    expect(created.permissions?.[0]?.permissions).toEqual({
      "community.manage": true,
      "session.valid": true,
      "uploads.add": true,
    });
    expect(created.permissions?.[1]).toEqual({
      type: "category",
      id: staffRoom.categoryID,
      permissions: { "discussions.add": true },
    });

    // The role's edit saves the details and the grants in one go.
    await roles.setPermissions({ "uploads.add": false });
    await roles.fillDetails({ description: "Keep the reactions tidy." });
    await roles.save();
    // The first save's confirmation is still on screen until this one's request starts, so wait for the write.
    await expect
      .poll(async () => (await api.get<{ description: string }>(`/roles/${created.roleID}`)).description)
      .toBe("Keep the reactions tidy.");
    await roles.status("The role has been saved.").waitFor();
    const saved = await api.get<RoleRecord & { description: string }>(`/roles/${created.roleID}?expand=permissions`);
    expect(saved.permissions?.[0]?.permissions).toEqual({ "community.manage": true, "session.valid": true });

    // The member joins the role on their Members page (reached in the app), and may open the Reactions page from
    // then on.
    await members.navLink("Members").click();
    await members.waitForPage("Members");
    await members.edit(member.name);
    await members.setRoles({ "Reaction Keepers": true });
    await members.status("The member’s roles have been saved.").waitFor();
    expect((await asMember.open("/dashboard/reactions")).status()).toBe(200);
    expect(await asMember.navLink("Reactions").count()).toBe(1);
    expect(await asMember.navLink("Roles & Permissions").count()).toBe(0);
    expect(problems.errors).toEqual([]);

    await page.setViewportSize({ width: 375, height: 800 });
    await roles.openRole(created.roleID);
    await screenshot(page, "roles-edit-375");
    await roles.goto();
    await screenshot(page, "roles-list-375");
  });

  it("works without JavaScript: errors beside the name, the last site.manage kept, deleting asks first", async () => {
    const page = await parley.newPage({ javaScriptEnabled: false });
    await signInContext(page, parley.baseUrl, admin);
    const roles = new RolesDashboardPage(page, parley.baseUrl);
    expect((await roles.openRole("add")).status()).toBe(200);
    await roles.fillDetails({ name: "   " });
    await roles.save("Add Role");
    await roles.fieldError("The name is required.").waitFor();
    await roles.fillDetails({ name: "moderator" });
    await roles.setPermissions({ "tags.add": true });
    await roles.save("Add Role");
    await roles.fieldError("A role with that name already exists.").waitFor();
    // What was ticked stays ticked after the refusal.
    expect(await roles.permission("tags.add").isChecked()).toBe(true);
    await roles.fillDetails({ name: "Short Lived" });
    await roles.save("Add Role");
    await roles.status("The role has been saved.").waitFor();

    // The Administrator role is the only one with site.manage: the server refuses to take it away.
    await roles.goto();
    await roles.edit("Administrator");
    expect(await roles.panel("Delete").innerText()).toContain("A built-in role cannot be deleted.");
    await roles.setPermissions({ "site.manage": false });
    await roles.save();
    await roles.alert("At least one role must keep the site.manage permission.").waitFor();
    const api = await signInAdmin(parley.baseUrl);
    const administrator = await api.get<RoleRecord>("/roles/$name:Administrator?expand=permissions");
    expect(administrator.permissions?.[0]?.permissions["site.manage"]).toBe(true);

    // A member of "Short Lived" is handed to "Stand-ins" when it goes: the page counts them and asks where they go.
    const standIns = await api.post<RoleRecord>("/roles", { name: "Stand-ins", permissions: [] });
    const shortLived = await api.get<RoleRecord>("/roles/$name:Short%20Lived");
    const holder = newMember("shortlived");
    const holderID = await registerConfirmed(parley, holder);
    const memberRole = (await api.get<RoleRecord>("/roles/$name:Member")).roleID;
    await api.patch(`/users/${holderID}`, { roleID: [memberRole, shortLived.roleID] });
    await roles.goto();
    expect((await roles.cells("Short Lived")).at(-1)).toBe("1");
    await roles.edit("Short Lived");
    expect(await roles.panel("Delete").innerText()).toContain("1 member has this role.");
    await roles.askDelete("Short Lived", "Stand-ins");
    await roles.confirmation.waitFor();
    expect(await roles.confirmation.innerText()).toContain(
      "Its 1 member will be given the role “Stand-ins” (they keep their other roles).",
    );
    await roles.confirm();
    await roles.status("The role “Short Lived” has been deleted.").waitFor();
    expect(await roles.names()).not.toContain("Short Lived");
    expect((await roles.cells("Stand-ins")).at(-1)).toBe("1");
    const holderRoles = await api.get<{ roles: Array<{ roleID: number }> }>(`/users/${holderID}`);
    expect(holderRoles.roles.map((role) => role.roleID).sort((a, b) => a - b)).toEqual(
      [memberRole, standIns.roleID].sort((a, b) => a - b),
    );
  });

  it("is refused to a moderator without site.manage, who has no link to it", async () => {
    const api = await signInAdmin(parley.baseUrl);
    const roles = await api.get<RoleRecord[]>("/roles");
    const moderator = newMember("rolemod");
    const moderatorID = await registerConfirmed(parley, moderator);
    await api.patch(`/users/${moderatorID}`, { roleID: [roles.find((role) => role.name === "Moderator")!.roleID] });
    const page = await parley.newPage();
    await signInContext(page, parley.baseUrl, moderator);
    const dashboard = new RolesDashboardPage(page, parley.baseUrl);
    expect((await dashboard.goto()).status()).toBe(403);
    expect(await dashboard.heading.innerText()).toBe("Permission Problem");
    expect((await dashboard.openRole(1)).status()).toBe(403);
    expect((await dashboard.open("/dashboard")).status()).toBe(200);
    expect(await dashboard.navLink("Roles & Permissions").count()).toBe(0);
  });
});
