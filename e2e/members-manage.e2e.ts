import { describe, expect, it } from "vitest";
import { mailLink, newMember, registerConfirmed, signInContext } from "./support/accounts.ts";
import { collectErrors, screenshot, seriousAxeViolations, waitForHydration } from "./support/browser.ts";
import { signInAdmin, signInApi } from "./support/content.ts";
import { useParley } from "./support/parley.ts";
import { adminPassword } from "./support/server.ts";
import { MembersDashboardPage } from "./pages/MembersDashboardPage.ts";
import { PasswordResetPage } from "./pages/PasswordPages.ts";

const parley = useParley();
const admin = { name: "admin", password: adminPassword };

interface UserRecord {
  userID: number;
  name: string;
  banned: number;
  roles: Array<{ name: string }>;
}

describe("a member's sessions and password, and bulk actions, at /dashboard/users", () => {
  it("signs a member out everywhere after asking: their browser is a guest's from its next page on", async () => {
    const member = newMember("signout");
    const userID = await registerConfirmed(parley, member);
    // The member, signed in in a browser of their own.
    const theirs = await parley.newPage();
    await signInContext(theirs, parley.baseUrl, member);
    const theirPage = new MembersDashboardPage(theirs, parley.baseUrl);
    await theirPage.open("/");
    await theirPage.memberName(member.name).waitFor();

    const page = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(page);
    await signInContext(page, parley.baseUrl, admin);
    const members = new MembersDashboardPage(page, parley.baseUrl);
    expect((await members.openMember(userID)).status()).toBe(200);
    await waitForHydration(page);
    expect(await members.sessionsSummary.innerText()).toBe("Signed in on 1 browser.");
    expect(await members.sessions()).toHaveLength(1);
    expect((await members.sessions())[0]).toMatch(/^Last used .+Signed in .+Ends .+$/s);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "member-sessions");
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, "member-sessions-375");
    await page.setViewportSize({ width: 1280, height: 800 });

    await members.askSignOutEverywhere();
    await members.confirmation.waitFor();
    expect(await members.confirmation.innerText()).toContain(`Sign ${member.name} out everywhere?`);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "member-sessions-confirm");
    await members.confirmWith("Sign Out Everywhere");
    await members.status(`${member.name} has been signed out everywhere.`).waitFor();
    expect(await members.sessionsSummary.innerText()).toBe(`${member.name} is not signed in anywhere.`);

    // The member's browser: its next page is a guest's, with the Sign In link, and its API calls too.
    await theirPage.open("/");
    await theirPage.signInLink.waitFor();
    expect(await theirPage.memberName(member.name).count()).toBe(0);
    const me = await theirs.request.get(`${parley.baseUrl}/api/v2/users/me`);
    expect(((await me.json()) as { userID: number }).userID).toBe(0);
    expect(problems.errors).toEqual([]);
  });

  it("sends a password reset e-mail: it is in the outbox, and its link sets a new password", async () => {
    const member = newMember("resetme");
    const userID = await registerConfirmed(parley, member);
    const page = await parley.newPage();
    await signInContext(page, parley.baseUrl, admin);
    const members = new MembersDashboardPage(page, parley.baseUrl);
    await members.openMember(userID);
    await waitForHydration(page);
    const before = (await parley.readOutbox()).length;
    await members.sendPasswordReset();
    await members.status(`A password reset e-mail is on its way to ${member.name}.`).waitFor();

    const link = await mailLink(parley, { to: member.email, kind: "passwordreset", after: before });
    expect(link.userID).toBe(userID);
    expect(link.mail.subject).toBe("Reset your password");
    expect(link.mail.text).toContain("An administrator of the forum sent you this link");

    const theirs = await parley.newPage();
    await theirs.goto(link.url);
    await waitForHydration(theirs);
    const reset = new PasswordResetPage(theirs, parley.baseUrl);
    const chosen = `${member.password}-new`;
    await reset.reset(chosen);
    await reset.success.waitFor();
    await expect(signInApi(parley.baseUrl, member.name, chosen)).resolves.toMatchObject({ userID });
    await expect(signInApi(parley.baseUrl, member.name, member.password)).rejects.toThrow(/answered 401/);
  });

  it("selects two members by keyboard, adds a role to both, then bans both after asking", async () => {
    const prefix = `bulk${Date.now().toString(36).slice(-5)}`;
    const [ann, bob] = [newMember(`${prefix}a`), newMember(`${prefix}b`)];
    const ids = [await registerConfirmed(parley, ann), await registerConfirmed(parley, bob)];
    const annApi = await signInApi(parley.baseUrl, ann.name, ann.password);
    const page = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(page);
    await signInContext(page, parley.baseUrl, admin);
    const members = new MembersDashboardPage(page, parley.baseUrl);
    await members.open(`/dashboard/users?query=${prefix}`);
    await waitForHydration(page);
    await expect.poll(() => members.names()).toEqual([bob.name, ann.name]);
    expect(await members.bulkCount.innerText()).toBe(
      "No member selected: check members in the list to act on several at once.",
    );
    expect(await members.bulkAlert.count()).toBe(0);

    await members.selectByKeyboard(ann.name);
    await expect.poll(() => members.bulkCount.innerText()).toBe("1 member selected.");
    await members.selectByKeyboard(bob.name);
    await expect.poll(() => members.bulkCount.innerText()).toBe("2 members selected.");
    expect(await members.bulkCount.getAttribute("aria-live")).toBe("polite");
    expect(await members.selectAllBox.isChecked()).toBe(true);
    await members.bulk("Add a role", { role: "Moderator" }, { keyboard: true });
    await members.status("Moderator has been added to 2 members.").waitFor();
    const [, annRoles] = await members.cells(ann.name);
    expect(annRoles).toBe("Member, Moderator");
    expect((await members.cells(bob.name))[1]).toBe("Member, Moderator");
    // Done: the selection starts afresh.
    await expect.poll(() => members.bulkCount.innerText()).toContain("No member selected");

    await members.selectAllBox.check();
    await expect.poll(() => members.bulkCount.innerText()).toBe("2 members selected.");
    await members.bulk("Ban", { reason: "A ring of spam accounts.", for: "1 day" });
    await members.confirmation.waitFor();
    expect(await members.confirmation.innerText()).toContain("Ban 2 members?");
    expect(await members.confirmation.innerText()).toContain(ann.name);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "members-bulk-confirm");
    await members.confirmWith("Ban");
    await members.status("2 members have been banned.").waitFor();
    expect((await members.cells(ann.name))[5]).toBe("Banned");
    expect((await members.cells(bob.name))[5]).toBe("Banned");

    const api = await signInAdmin(parley.baseUrl);
    for (const userID of ids) {
      const user = await api.get<UserRecord>(`/users/${userID}`);
      expect(user.banned).toBe(1);
      expect(user.roles.map((role) => role.name)).toEqual(["Member", "Moderator"]);
    }
    const refused = await annApi.send<{ message: string }>("GET", "/discussions?limit=1");
    expect([refused.status, refused.json.message]).toEqual([401, "You are banned."]);

    // A refusal shows in the bar, naming who: the administrator cannot ban themselves.
    await members.open(`/dashboard/users?query=admin`);
    await waitForHydration(page);
    await members.select("admin");
    await members.bulk("Ban", { for: "1 day" });
    await members.confirmWith("Ban");
    await members.bulkAlert.waitFor();
    expect(await members.bulkAlert.innerText()).toMatch(/You cannot ban yourself: \d+\./);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "members-bulk-refused");
    expect(problems.errors.filter((error) => !error.includes("status of 400"))).toEqual([]);

    await members.open(`/dashboard/users?query=${prefix}`);
    await waitForHydration(page);
    await members.select(ann.name);
    await screenshot(page, "members-bulk");
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, "members-bulk-375");
  });

  it("works without JavaScript: select all on the page, remove a role, then delete after asking", async () => {
    const prefix = `nojs${Date.now().toString(36).slice(-5)}`;
    const [ann, bob] = [newMember(`${prefix}a`), newMember(`${prefix}b`)];
    const ids = [await registerConfirmed(parley, ann), await registerConfirmed(parley, bob)];
    const api = await signInAdmin(parley.baseUrl);
    const roles = await api.get<Array<{ roleID: number; name: string }>>("/roles");
    const moderator = roles.find((role) => role.name === "Moderator")!.roleID;
    await api.patch("/users/bulk-role-assignment", { userIDs: ids, addRoleIDs: [moderator] });

    const page = await parley.newPage({ javaScriptEnabled: false });
    await signInContext(page, parley.baseUrl, admin);
    const members = new MembersDashboardPage(page, parley.baseUrl);
    await members.open(`/dashboard/users?query=${prefix}`);
    expect(await members.names()).toEqual([bob.name, ann.name]);
    await members.selectAllBox.check();
    await members.bulk("Remove a role", { role: "Moderator" });
    await members.status("Moderator has been removed from 2 members.").waitFor();
    expect((await members.cells(ann.name))[1]).toBe("Member");

    // Nothing checked: the bar says so, and nothing changes.
    await members.bulk("Add a role", { role: "Moderator" });
    await members.bulkAlert.waitFor();
    expect(await members.bulkAlert.innerText()).toBe("Select at least one member.");

    await members.select(ann.name);
    await members.select(bob.name);
    await members.bulk("Delete", { posts: "Keep their posts" });
    await members.confirmation.waitFor();
    expect(await members.confirmation.innerText()).toContain("Delete 2 members?");
    await members.confirmWith("Delete");
    await members.status("2 members have been deleted.").waitFor();
    expect(await members.names()).toEqual([]);
    for (const userID of ids) {
      const user = await api.get<UserRecord>(`/users/${userID}`);
      expect(user.name).toBe("Deleted User");
    }
  });
});
