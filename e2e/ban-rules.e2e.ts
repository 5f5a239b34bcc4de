import { describe, expect, it } from "vitest";
import { newMember, registerThroughApi, signInContext } from "./support/accounts.ts";
import { collectErrors, screenshot, seriousAxeViolations, waitForHydration } from "./support/browser.ts";
import { useParley } from "./support/parley.ts";
import { adminPassword } from "./support/server.ts";
import { BanRulesPage, ProfileIpAddressesPanel } from "./pages/BanRulesPage.ts";
import { RegisterPage } from "./pages/RegisterPage.ts";

const parley = useParley();
const admin = { name: "admin", password: adminPassword };
const refusal = "Registration is not possible with these details.";

/** A guest's browser whose requests come from `ip` (the server trusts its loopback proxy's X-Forwarded-For). */
const guestFrom = (ip: string) => parley.newPage({ bypassCSP: true, extraHTTPHeaders: { "x-forwarded-for": ip } });

describe("ban rules at /dashboard/users/bans", () => {
  it("an administrator adds an e-mail rule; a registration matching it is refused in the browser", async () => {
    const page = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(page);
    await signInContext(page, parley.baseUrl, admin);
    const bans = new BanRulesPage(page, parley.baseUrl);
    await bans.goto();
    await waitForHydration(page);
    await bans.navLink("Ban Rules").waitFor();
    await bans.fill("E-mail", "Junkmail.Example", "Seen in spam waves");
    await bans.submitAndWait(bans.addButton);
    await bans.status("The rule “junkmail.example” is added.").waitFor();
    await bans.rule("junkmail.example").getByText("Seen in spam waves").waitFor();
    // A bad range is refused beside its field.
    await bans.fill("IP address", "203.0.113.0/40");
    await bans.submitAndWait(bans.addButton);
    expect(await bans.valueError.textContent()).toContain("is not a valid CIDR range");
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "ban-rules");
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, "ban-rules-375");
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

    const guest = await guestFrom("192.0.2.40");
    const register = new RegisterPage(guest, parley.baseUrl);
    await register.goto();
    await waitForHydration(guest);
    const member = newMember("junk");
    await register.register({ ...member, email: `${member.name}@mail.junkmail.example` });
    await register.alert.filter({ hasText: refusal }).waitFor();
    expect(await register.alert.textContent()).not.toContain("junkmail");
    await screenshot(guest, "ban-rules-registration-refused");

    await bans.goto();
    await bans.rule("junkmail.example").getByText("Registrations refused: 1").waitFor();
    await bans.submitAndWait(bans.deleteButton("junkmail.example"));
    await bans.status("The rule “junkmail.example” is deleted.").waitFor();
    expect(problems.errors.filter((problem) => !problem.includes("422"))).toEqual([]);
  });

  it("shows moderators a member's addresses on the profile, and bans one from there", async () => {
    const shared = "198.51.100.23";
    const first = newMember("twinone");
    const second = newMember("twintwo");
    for (const member of [first, second]) {
      const guest = await guestFrom(shared);
      const response = await guest.request.post(`${parley.baseUrl}/api/v2/users/register`, { data: member });
      expect(response.status()).toBe(201);
    }
    await registerThroughApi(parley.baseUrl, newMember("elsewhere"));

    const page = await parley.newPage({ bypassCSP: true });
    await signInContext(page, parley.baseUrl, admin);
    const profile = new ProfileIpAddressesPanel(page, parley.baseUrl);
    await profile.openProfile(first.name);
    await waitForHydration(page);
    await profile.address(shared).waitFor();
    expect(await profile.othersAt(shared)).toEqual([second.name]);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "ban-rules-profile-ip-addresses");
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, "ban-rules-profile-ip-addresses-375");
    await page.setViewportSize({ width: 1280, height: 800 });

    // "Ban this address" adds the rule on the ban rules page.
    await profile.submitAndWait(profile.banButton(shared));
    const bans = new BanRulesPage(page, parley.baseUrl);
    await bans.status(`The rule “${shared}” is added. It matches 2 members`).waitFor();
    await profile.openProfile(first.name);
    await profile.address(shared).getByText("Banned by a rule").waitFor();

    // The address can no longer register; another can.
    const guest = await guestFrom(shared);
    const register = new RegisterPage(guest, parley.baseUrl);
    await register.goto();
    await register.register(newMember("thirdtwin"));
    await register.alert.filter({ hasText: refusal }).waitFor();

    // A member (no personalInfo.view) sees no panel.
    const member = newMember("curious");
    await registerThroughApi(parley.baseUrl, member);
    const memberPage = await parley.newPage({ bypassCSP: true });
    await signInContext(memberPage, parley.baseUrl, member);
    const theirView = new ProfileIpAddressesPanel(memberPage, parley.baseUrl);
    await theirView.openProfile(first.name);
    await theirView.main.getByRole("heading", { level: 1 }).waitFor();
    expect(await theirView.panel.count()).toBe(0);
  });

  it("works without JavaScript: a rule added (banning the member it matches), edited and deleted", async () => {
    const spambot = newMember("spambot");
    await registerThroughApi(parley.baseUrl, spambot);
    const page = await parley.newPage({ javaScriptEnabled: false });
    await signInContext(page, parley.baseUrl, admin);
    const bans = new BanRulesPage(page, parley.baseUrl);
    expect((await bans.goto()).status()).toBe(200);
    await bans.fill("Name", "Spambot*");
    await bans.banMatchingMembers.check();
    await bans.submitAndWait(bans.addButton);
    await bans.status("The rule “spambot*” is added. Members it matched and banned: 1.").waitFor();
    // The member is banned now: their sign-in is refused as a banned account's.
    const signIn = await fetch(`${parley.baseUrl}/api/v2/authenticate/password`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: spambot.name, password: spambot.password }),
    });
    expect(signIn.status).toBe(401);
    // Edit: the same form, filled in, on the rule's own address.
    await bans.editLink("spambot*").click();
    await bans.saveButton.waitFor();
    await bans.fill("Name", "spambot*", "Bots from the spring wave");
    await bans.submitAndWait(bans.saveButton);
    await bans.status("The rule “spambot*” is saved.").waitFor();
    await bans.rule("spambot*").getByText("Bots from the spring wave").waitFor();
    await bans.rule("spambot*").getByText("Never expires").waitFor();
    // An end date: one already past is refused beside its field; a future one is listed.
    await bans.editLink("spambot*").click();
    await bans.expires.fill("2001-01-01");
    await bans.submitAndWait(bans.saveButton);
    // Without JavaScript the answer is a new document: wait for it to show the error (the old one is still there
    // for a moment after the POST's response, with none).
    await bans.main
      .locator('[id$="-error"]')
      .filter({ hasText: "Choose an end date in the future, or none for a rule that never expires." })
      .waitFor();
    await bans.expires.fill("2099-12-31");
    await bans.submitAndWait(bans.saveButton);
    await bans.status("The rule “spambot*” is saved.").waitFor();
    await bans.rule("spambot*").getByText("Expires 2099-12-31").waitFor();
    await bans.submitAndWait(bans.deleteButton("spambot*"));
    await bans.status("The rule “spambot*” is deleted.").waitFor();
  });
});
