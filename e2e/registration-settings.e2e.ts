import { describe, expect, it } from "vitest";
import { mailLink, newMember, recordFailedResponses, signInContext, unexpectedErrors } from "./support/accounts.ts";
import { collectErrors, screenshot, seriousAxeViolations, waitForHydration } from "./support/browser.ts";
import { signInAdmin, signInApi, type ApiSession } from "./support/content.ts";
import { useParley } from "./support/parley.ts";
import { adminPassword } from "./support/server.ts";
import { RegisterPage } from "./pages/RegisterPage.ts";
import { RegistrationSettingsPage } from "./pages/RegistrationSettingsPage.ts";

// A deployment that never asked new members to confirm their e-mail: the page's setting takes over from it.
const parley = useParley({ env: { PARLEY_CONFIRM_EMAIL: "false" } });
const admin = { name: "admin", password: adminPassword };

interface RoleRecord {
  roleID: number;
  name: string;
  type: string | null;
}
interface UserRecord {
  userID: number;
  name: string;
  emailConfirmed: boolean;
  roles: Array<{ name: string }>;
}

const roleNames = (user: UserRecord) => user.roles.map((role) => role.name).sort();
const userNamed = async (api: ApiSession, name: string) => {
  const [found] = await api.get<UserRecord[]>(`/users?name=${encodeURIComponent(name)}`);
  if (!found) throw new Error(`No user ${name}.`);
  return api.get<UserRecord>(`/users/${found.userID}`);
};

describe("registration settings at /dashboard/settings/registration", () => {
  it("an administrator changes the method, turns confirm e-mail on and picks a default role; the next registrant gets them", async () => {
    const api = await signInAdmin(parley.baseUrl);
    await api.post("/roles", { name: "Gardeners", description: "New members of the garden club." });

    const page = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(page);
    const failures = recordFailedResponses(page);
    await signInContext(page, parley.baseUrl, admin);
    const registration = new RegistrationSettingsPage(page, parley.baseUrl);
    await registration.open("/dashboard");
    await waitForHydration(page);
    await registration.navLink("Registration").click();
    await registration.waitForPage("Registration");
    // As the server says until the setting is stored: no confirmation (PARLEY_CONFIRM_EMAIL=false).
    expect(await registration.method("Basic").isChecked()).toBe(true);
    expect(await registration.confirmEmail.isChecked()).toBe(false);
    expect(await registration.checkedRoles("New members get")).toEqual(["Member"]);
    expect(await registration.checkedRoles("Members waiting to confirm their e-mail get")).toEqual(["Unconfirmed"]);
    // The applicants' roles show under Approval only.
    expect(await registration.rolesGroup("Applicants get").count()).toBe(0);
    await registration.chooseMethod("Approval");
    expect(await registration.checkedRoles("Applicants get")).toEqual(["Applicant"]);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // New members without any role: the server's refusal, beside the boxes; nothing else saved.
    await registration.chooseMethod("Captcha");
    await registration.confirmEmail.check();
    await registration.setRole("New members get", "Member", false);
    await registration.save();
    await expect.poll(() => registration.groupError("New members get")).toBe("New members must get at least one role.");
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "registration-settings-refused");
    expect(await api.get("/config?select=registration.*")).toEqual({
      "registration.method": "Basic",
      "registration.confirmEmail": false,
    });

    // A role checked for two kinds of registration: refused before anything is sent.
    await registration.setRole("New members get", "Member", true);
    await registration.setRole("New members get", "Gardeners", true);
    await registration.setRole("Members waiting to confirm their e-mail get", "Gardeners", true);
    await registration.save();
    await expect
      .poll(() => registration.groupError("Members waiting to confirm their e-mail get"))
      .toBe("Gardeners is checked under “New members get” too: a role is given by one kind of registration only.");

    await registration.setRole("Members waiting to confirm their e-mail get", "Gardeners", false);
    await registration.save();
    await registration.status("Your changes have been saved.").waitFor();
    expect(await registration.groupError("New members get")).toBe("");
    expect(await api.get("/config?select=registration.*")).toEqual({
      "registration.method": "Captcha",
      "registration.confirmEmail": true,
    });
    const roles = await api.get<RoleRecord[]>("/roles");
    expect(roles.filter((role) => role.type === "member").map((role) => role.name)).toEqual(["Member", "Gardeners"]);
    await screenshot(page, "registration-settings");
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "registration-settings-phone");
    // The refused save, and nothing else.
    expect(failures).toEqual([{ method: "PUT", pathname: "/api/v2/roles/defaults", status: 400 }]);
    expect(unexpectedErrors(problems.errors, failures)).toEqual([]);

    // A newcomer registers on the register page: waiting to confirm, with the unconfirmed roles and a link.
    const newcomer = newMember("newcomer");
    const guest = await parley.newPage();
    const register = new RegisterPage(guest, parley.baseUrl);
    await register.goto();
    await waitForHydration(guest);
    await register.register(newcomer);
    await guest.waitForURL((url) => !url.pathname.startsWith("/entry/register"));
    const waiting = await userNamed(api, newcomer.name);
    expect(waiting.emailConfirmed).toBe(false);
    expect(roleNames(waiting)).toEqual(["Unconfirmed"]);
    // Following the link swaps them for the new members' roles, Gardeners among them.
    const link = await mailLink(parley, { to: newcomer.email, kind: "emailconfirm" });
    await guest.goto(link.url);
    await guest.waitForURL(`${parley.baseUrl}/entry/emailconfirmed`);
    const confirmed = await userNamed(api, newcomer.name);
    expect(confirmed.emailConfirmed).toBe(true);
    expect(roleNames(confirmed)).toEqual(["Gardeners", "Member"]);
  });

  it("works without JavaScript: a refusal beside its boxes, then the method and roles saved", async () => {
    const api = await signInAdmin(parley.baseUrl);
    const page = await parley.newPage({ javaScriptEnabled: false });
    await signInContext(page, parley.baseUrl, admin);
    const registration = new RegistrationSettingsPage(page, parley.baseUrl);
    expect((await registration.goto()).status()).toBe(200);
    for (const role of await registration.checkedRoles("New members get"))
      await registration.setRole("New members get", role, false);
    await Promise.all([page.waitForLoadState("load"), registration.save()]);
    expect(await registration.groupError("New members get")).toBe("New members must get at least one role.");

    await registration.setRole("New members get", "Member", true);
    await registration.chooseMethod("Approval");
    await Promise.all([page.waitForLoadState("load"), registration.save()]);
    await registration.status("Your changes have been saved.").waitFor();
    const roles = await api.get<RoleRecord[]>("/roles");
    expect(roles.filter((role) => role.type === "member").map((role) => role.name)).toEqual(["Member"]);
    expect(await api.get("/config?select=registration.method")).toEqual({ "registration.method": "Approval" });
    // Under approval the page shows the applicants' roles, and the dashboard the Applicants page.
    expect((await registration.goto()).status()).toBe(200);
    expect(await registration.checkedRoles("Applicants get")).toEqual(["Applicant"]);
    await registration.navLink("Applicants").waitFor();
    await api.patch("/config", { "registration.method": "basic" });
  });

  it("is refused to a moderator, who has no link to it", async () => {
    const api = await signInAdmin(parley.baseUrl);
    const roles = await api.get<RoleRecord[]>("/roles");
    const moderator = newMember("regmod");
    await api.post("/users", {
      ...moderator,
      roleID: [roles.find((role) => role.name === "Moderator")!.roleID],
    });
    const page = await parley.newPage();
    await signInContext(page, parley.baseUrl, moderator);
    const registration = new RegistrationSettingsPage(page, parley.baseUrl);
    expect((await registration.goto()).status()).toBe(403);
    expect(await registration.heading.innerText()).toBe("Permission Problem");
    expect((await registration.open("/dashboard")).status()).toBe(200);
    expect(await registration.navLink("Registration").count()).toBe(0);
    // The API refuses the roles too.
    const asModerator = await signInApi(parley.baseUrl, moderator.name, moderator.password);
    const refused = await asModerator.send<{ permissions: string[] }>("PUT", "/roles/defaults", {
      member: [roles.find((role) => role.name === "Moderator")!.roleID],
    });
    expect(refused.status).toBe(403);
    expect(refused.json.permissions).toEqual(["site.manage"]);
  });
});
