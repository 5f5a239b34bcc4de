import { describe, expect, it } from "vitest";
import { collectErrors, screenshot, seriousAxeViolations, waitForHydration } from "./support/browser.ts";
import { mailLink, newMember, registerConfirmed, signInContext } from "./support/accounts.ts";
import { useParley } from "./support/parley.ts";
import { AccountPage, EmailChangePage } from "./pages/AccountPages.ts";
import { ParleyPage } from "./pages/ParleyPage.ts";

const parley = useParley();

const FIREFOX_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

/** Another browser of the member's, signed in with its own cookie (and its own device). */
async function otherBrowser(member: { name: string; password: string }, userAgent: string) {
  const page = await parley.newPage({ userAgent });
  await signInContext(page, parley.baseUrl, member);
  return new ParleyPage(page, parley.baseUrl);
}

describe("The member's account page (issue 29 item 2)", () => {
  it("signs a session out from the list, then changes the password and the other browser is signed out", async () => {
    const member = newMember("account");
    const userID = await registerConfirmed(parley, member);
    const page = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(page);
    await signInContext(page, parley.baseUrl, member);
    const laptop = await otherBrowser(member, FIREFOX_LINUX);
    const phone = await otherBrowser(member, SAFARI_IPHONE);

    // Reached from the My Account menu.
    const account = new AccountPage(page, parley.baseUrl);
    expect((await account.open("/")).status()).toBe(200);
    await waitForHydration(page);
    await account.accountMenuLink("Account").click();
    await account.heading.filter({ hasText: "Account" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/profile/account");
    expect(await account.sessions.count()).toBe(3);
    expect(await account.currentSession.count()).toBe(1);
    expect(await account.signOutButton("Firefox on Linux").count()).toBe(1);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "account-0-page-1280");
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, "account-1-page-375");
    await page.setViewportSize({ width: 1280, height: 800 });

    // Sign out the laptop: it is a guest's from its next request, and leaves the list.
    await account.submitAndWait(account.signOutButton("Firefox on Linux"));
    await account.statusMessage("The session has been signed out.").waitFor();
    expect(await account.sessions.count()).toBe(2);
    expect((await laptop.me()).userID).toBe(0);
    expect((await phone.me()).userID).toBe(userID);

    // The new passwords must match; a wrong current password shows beside its field.
    // (checked in the browser: nothing is sent)
    await account.fillPassword(member.password, "a new long password", "something else");
    await account.changePasswordButton.click();
    await expect.poll(() => account.fieldError("Confirm New Password")).toBe("The passwords do not match.");
    await account.fillPassword("not my password", "a new long password");
    await account.submitAndWait(account.changePasswordButton);
    await expect.poll(() => account.fieldError("Current Password")).toBe("Your current password is incorrect.");
    await account.fillPassword(member.password, "short");
    await account.field("New Password").evaluate((input) => input.removeAttribute("minlength"));
    await account.submitAndWait(account.changePasswordButton);
    await expect.poll(() => account.fieldError("New Password")).toMatch(/at least \d+ characters/);
    await expect.poll(() => account.fieldError("Current Password")).toBeNull();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "account-2-errors-1280");

    // The right one: changed; the phone is signed out, this browser stays signed in.
    await account.fillPassword(member.password, "a new long password");
    await account.submitAndWait(account.changePasswordButton);
    await account.statusMessage("Your password has been changed.").waitFor();
    expect((await phone.me()).userID).toBe(0);
    expect((await account.me()).userID).toBe(userID);
    expect(await account.sessions.count()).toBe(1);
    // The form is emptied once the password has changed.
    await expect.poll(() => account.field("New Password").inputValue()).toBe("");
    await account.text("You are signed in on this device only.").waitFor();
    await screenshot(page, "account-3-changed-1280");
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, "account-4-changed-375");
    const again = await otherBrowser({ name: member.name, password: "a new long password" }, SAFARI_IPHONE);
    expect((await again.me()).userID).toBe(userID);
    // The two refused changes (wrong current password, too short) are the 400s Chromium logs; nothing else.
    expect(problems.errors.filter((error) => !/status of 400 .*\/api\/v2\/users\/\d+:0\)$/.test(error))).toEqual([]);
  });

  it("works without JavaScript: the password form posts, and Sign Out Everywhere Else", async () => {
    const member = newMember("nojsaccount");
    const userID = await registerConfirmed(parley, member);
    const page = await parley.newPage({ javaScriptEnabled: false });
    await signInContext(page, parley.baseUrl, member);
    const first = await otherBrowser(member, FIREFOX_LINUX);
    const account = new AccountPage(page, parley.baseUrl);
    expect((await account.goto()).status()).toBe(200);
    expect(await account.sessions.count()).toBe(2);

    await account.fillPassword(member.password, "another long password", "mismatch here");
    await account.submitAndWait(account.changePasswordButton);
    await expect.poll(() => account.fieldError("Confirm New Password")).toBe("The passwords do not match.");
    await account.fillPassword(member.password, "another long password");
    await account.submitAndWait(account.changePasswordButton);
    await account.statusMessage("Your password has been changed.").waitFor();
    expect((await first.me()).userID).toBe(0);
    expect((await account.me()).userID).toBe(userID);

    const second = await otherBrowser({ name: member.name, password: "another long password" }, SAFARI_IPHONE);
    expect((await account.goto()).status()).toBe(200);
    expect(await account.sessions.count()).toBe(2);
    await account.submitAndWait(account.signOutEverywhereElseButton);
    await account.statusMessage("Your other sessions have been signed out.").waitFor();
    expect((await second.me()).userID).toBe(0);
    expect((await account.me()).userID).toBe(userID);
  });

  it("sends a guest to sign in", async () => {
    const page = await parley.newPage();
    const account = new AccountPage(page, parley.baseUrl);
    await account.goto();
    expect(new URL(page.url()).pathname).toBe("/entry/signin");
  });
  it("changes the e-mail address only through the link sent to the new one, then signs in with it", async () => {
    const member = newMember("newmail");
    const userID = await registerConfirmed(parley, member);
    const newEmail = `${member.name.toLowerCase()}@elsewhere.test`;
    const page = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(page);
    await signInContext(page, parley.baseUrl, member);
    const account = new AccountPage(page, parley.baseUrl);
    expect((await account.goto()).status()).toBe(200);
    await waitForHydration(page);
    await account.text(`Your email address is ${member.email}.`).waitFor();

    // A wrong password shows beside its field; nothing is sent.
    await account.changeEmail(newEmail, "not my password");
    await expect
      .poll(() => account.errorOf(account.emailField("Current Password")))
      .toBe("Your current password is incorrect.");
    await account.changeEmail(newEmail, member.password);
    await account.statusMessage(`We sent a link to ${newEmail}.`).waitFor();
    await account.pendingChange.filter({ hasText: newEmail }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "account-5-email-pending-1280");
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, "account-6-email-pending-375");
    await page.setViewportSize({ width: 1280, height: 800 });

    // The old address is told, with no link; a resent link replaces the first.
    const notice = (await parley.readOutbox()).filter((mail) => mail.to === member.email).at(-1)!;
    expect(notice.subject).toBe("Your email address is being changed");
    expect(notice.text).not.toMatch(/https?:/);
    const first = await mailLink(parley, { to: newEmail, kind: "emailchange" });
    await account.submitAndWait(account.emailButton("Resend Link"));
    await account.statusMessage("The link has been sent again.").waitFor();
    let link = await mailLink(parley, { to: newEmail, kind: "emailchange" });
    for (let tries = 0; link.url === first.url && tries < 50; tries++) {
      link = await mailLink(parley, { to: newEmail, kind: "emailchange" });
    }
    expect(link.url).not.toBe(first.url);

    // Followed in another browser, signed out: opening it changes nothing (prefetchers open links); the button does.
    const other = await parley.newPage({ bypassCSP: true });
    const landing = new EmailChangePage(other, parley.baseUrl);
    expect((await landing.open(first.pathname)).status()).toBe(200);
    await landing.submitAndWait(landing.confirmButton);
    await landing.alertMessage("That link is invalid or has expired.").waitFor();
    expect((await landing.open(link.pathname)).status()).toBe(200);
    const before = await page.request.get(`${parley.baseUrl}/api/v2/users/me`);
    expect(((await before.json()) as { email: string }).email).toBe(member.email);
    expect(await seriousAxeViolations(other)).toEqual([]);
    await screenshot(other, "account-7-email-confirm-1280");
    await landing.submitAndWait(landing.confirmButton);
    await landing.statusMessage(`Your email address is now ${newEmail}.`).waitFor();

    // Signing in with the new address works, with the old one not.
    const signIn = async (username: string) =>
      (
        await fetch(`${parley.baseUrl}/api/v2/authenticate/password`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ username, password: member.password }),
        })
      ).status;
    expect(await signIn(newEmail)).toBe(201);
    expect(await signIn(member.email)).not.toBe(201);
    const fresh = await parley.newPage();
    await signInContext(fresh, parley.baseUrl, { name: newEmail, password: member.password });
    expect((await new AccountPage(fresh, parley.baseUrl).me()).userID).toBe(userID);

    expect((await account.goto()).status()).toBe(200);
    await account.text(`Your email address is ${newEmail}.`).waitFor();
    expect(await account.pendingChange.count()).toBe(0);
    // The refused password is the 422 Chromium logs; nothing else.
    expect(problems.errors.filter((error) => !/status of 422 /.test(error))).toEqual([]);
  });

  it("creates a personal access token shown once, and revokes it: the API then answers 401 (without JavaScript)", async () => {
    const member = newMember("tokens");
    const userID = await registerConfirmed(parley, member);
    const page = await parley.newPage({ javaScriptEnabled: false });
    await signInContext(page, parley.baseUrl, member);
    const account = new AccountPage(page, parley.baseUrl);
    expect((await account.goto()).status()).toBe(200);
    await account.text("You have no access tokens.").waitFor();

    await account.createToken("Backup script");
    await account.statusMessage("Token created.").waitFor();
    const token = await account.newToken.inputValue();
    expect(token).toMatch(/^parley_/);
    expect(await account.tokens.count()).toBe(1);
    await account.tokens.filter({ hasText: "Backup script" }).filter({ hasText: "Last used never" }).waitFor();
    await screenshot(page, "account-8-token-1280");

    const asToken = () => fetch(`${parley.baseUrl}/api/v2/users/me`, { headers: { authorization: `Bearer ${token}` } });
    const used = await asToken();
    expect(used.status).toBe(200);
    expect(((await used.json()) as { userID: number }).userID).toBe(userID);
    // Shown once: the list after a reload never holds the value.
    expect((await account.goto()).status()).toBe(200);
    expect(await account.newToken.count()).toBe(0);
    expect(await page.content()).not.toContain(token);
    expect(await account.tokens.filter({ hasNotText: "never" }).count()).toBe(1);

    await account.submitAndWait(account.revokeTokenButton("Backup script"));
    await account.statusMessage("The token has been revoked.").waitFor();
    expect(await account.tokens.count()).toBe(0);
    expect((await asToken()).status).toBe(401);
  });
  it("asks for a new address and cancels it without JavaScript: the cancelled link no longer works", async () => {
    const member = newMember("nojsmail");
    await registerConfirmed(parley, member);
    const newEmail = `${member.name.toLowerCase()}@elsewhere.test`;
    const page = await parley.newPage({ javaScriptEnabled: false });
    await signInContext(page, parley.baseUrl, member);
    const account = new AccountPage(page, parley.baseUrl);
    expect((await account.goto()).status()).toBe(200);
    await account.changeEmail(member.email, member.password);
    await expect
      .poll(() => account.errorOf(account.emailField("New Email Address")))
      .toBe("This is already your email address.");
    await account.changeEmail(newEmail, member.password);
    await account.pendingChange.filter({ hasText: newEmail }).waitFor();
    const link = await mailLink(parley, { to: newEmail, kind: "emailchange" });
    await account.submitAndWait(account.emailButton("Cancel Change"));
    await account.statusMessage("The change of email address has been cancelled.").waitFor();
    expect(await account.pendingChange.count()).toBe(0);

    const landing = new EmailChangePage(page, parley.baseUrl);
    expect((await landing.open(link.pathname)).status()).toBe(200);
    await landing.submitAndWait(landing.confirmButton);
    await landing.alertMessage("That link is invalid or has expired.").waitFor();
    const me = await page.request.get(`${parley.baseUrl}/api/v2/users/me`);
    expect(((await me.json()) as { email: string }).email).toBe(member.email);
  });
});
