import { generateSync } from "otplib";
import { describe, expect, it } from "vitest";
import { collectErrors, screenshot, seriousAxeViolations, waitForHydration } from "./support/browser.ts";
import { newMember, registerConfirmed, signInContext } from "./support/accounts.ts";
import { useParley } from "./support/parley.ts";
import { adminPassword } from "./support/server.ts";
import { MembersDashboardPage } from "./pages/MembersDashboardPage.ts";
import { SignInPage } from "./pages/SignInPage.ts";
import { TwoFactorEntryPage, TwoFactorSettingsPage } from "./pages/TwoFactorPages.ts";

const parley = useParley();

/** The code an authenticator app shows now, once it differs from the one used before (the next 30-second step). */
async function codeAfter(secret: string, lastUsed: string | null): Promise<string> {
  let code = "";
  await expect
    .poll(() => (code = generateSync({ secret, epoch: Math.floor(Date.now() / 1000) })), {
      timeout: 40_000,
      interval: 500,
    })
    .not.toBe(lastUsed);
  return code;
}

describe("Two-factor sign-in (issue 34, item 5)", () => {
  it("a member enrols by the key shown on the page, signs in with password and code, then with a recovery code", async () => {
    const member = newMember("twofa");
    const userID = await registerConfirmed(parley, member);
    const page = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(page);
    await signInContext(page, parley.baseUrl, member);

    // Enrol: the QR code (an SVG from the server) and the key as text; the app's code confirms it.
    const settings = new TwoFactorSettingsPage(page, parley.baseUrl);
    expect((await settings.goto()).status()).toBe(200);
    await waitForHydration(page);
    await settings.setUpButton.focus();
    await page.keyboard.press("Enter");
    await settings.qrCode.waitFor();
    expect(await settings.imageLoaded(settings.qrCode)).toBe(true);
    const secret = await settings.key();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "two-factor-0-setup-1280");
    const firstCode = await codeAfter(secret, null);
    await settings.codeField.focus();
    await page.keyboard.type(firstCode);
    await page.keyboard.press("Enter");
    const codes = await settings.recoveryCodes();
    expect(codes).toHaveLength(10);
    await settings.text("Recovery codes left: 10").waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "two-factor-1-codes-1280");
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, "two-factor-1-codes-375");
    await page.setViewportSize({ width: 1280, height: 800 });

    // Signed out, the password alone leads to the code step; the code signs in.
    await page.context().clearCookies();
    const signIn = new SignInPage(page, parley.baseUrl);
    await signIn.goto();
    await waitForHydration(page);
    await signIn.signIn(member.name, member.password);
    await page.waitForURL((url) => url.pathname === "/entry/2fa");
    const step = new TwoFactorEntryPage(page, parley.baseUrl);
    await step.codeField.waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "two-factor-2-code-step-1280");
    // By keyboard: the code typed, Enter submits.
    await step.codeField.focus();
    await page.keyboard.type(await codeAfter(secret, firstCode));
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/");
    const me = await page.request.get(`${parley.baseUrl}/api/v2/users/me`);
    expect(((await me.json()) as { name: string }).name).toBe(member.name);

    // Again, with a recovery code instead of the app's code.
    await page.context().clearCookies();
    await signIn.goto();
    await signIn.signIn(member.name, member.password);
    await page.waitForURL((url) => url.pathname === "/entry/2fa");
    await step.codeField.fill(codes[0]!);
    await step.submitAndWait(step.verifyButton);
    await page.waitForURL((url) => url.pathname === "/");

    // The same recovery code a second time is refused.
    await page.context().clearCookies();
    await signIn.goto();
    await signIn.signIn(member.name, member.password);
    await page.waitForURL((url) => url.pathname === "/entry/2fa");
    await step.codeField.fill(codes[0]!);
    await step.submitAndWait(step.verifyButton);
    await step.alertMessage(/That code is not valid/).waitFor();
    expect(step.pathname()).toBe("/entry/2fa");
    expect(problems.errors.filter((error) => !/401/.test(error))).toEqual([]);

    // The member lost their phone and codes: an administrator turns two-factor off on their dashboard page.
    const adminPage = await parley.newPage({ bypassCSP: true });
    await signInContext(adminPage, parley.baseUrl, { name: "admin", password: adminPassword });
    const members = new MembersDashboardPage(adminPage, parley.baseUrl);
    expect((await members.openMember(userID)).status()).toBe(200);
    await waitForHydration(adminPage);
    expect(await members.twoFactorSummary.innerText()).toBe("On: signing in asks for a code.");
    await members.askResetTwoFactor();
    await members.confirmation.waitFor();
    expect(await seriousAxeViolations(adminPage)).toEqual([]);
    await members.confirmWith("Turn Off Two-Factor Authentication");
    await members.status(`Two-factor authentication is off for ${member.name}.`).waitFor();
    expect(await members.twoFactorSummary.innerText()).toBe("Off.");
    await screenshot(adminPage, "two-factor-3-reset-1280");
    // The password alone signs in again.
    await page.context().clearCookies();
    await signIn.goto();
    await signIn.signIn(member.name, member.password);
    await page.waitForURL((url) => url.pathname === "/");
  });

  it("holds an administrator to enrolment when the site requires it: every page leads to /profile/two-factor", async () => {
    const page = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(page);
    await signInContext(page, parley.baseUrl, { name: "admin", password: adminPassword });
    const required = await page.request.patch(`${parley.baseUrl}/api/v2/config`, {
      data: { "security.requireAdminTwoFactor": true },
      headers: { origin: parley.baseUrl, "x-requested-with": "XMLHttpRequest" },
    });
    expect(required.status(), await required.text()).toBe(200);

    const settings = new TwoFactorSettingsPage(page, parley.baseUrl);
    await settings.open("/discussions");
    expect(settings.pathname()).toBe("/profile/two-factor");
    await settings.alertMessage(/requires administrators to use two-factor authentication/).waitFor();
    const blocked = await page.request.get(`${parley.baseUrl}/api/v2/discussions`);
    expect(blocked.status()).toBe(403);
    await waitForHydration(page);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await settings.setUpButton.click();
    await settings.qrCode.waitFor();
    await settings.codeField.fill(await codeAfter(await settings.key(), null));
    await settings.turnOnButton.click();
    expect(await settings.recoveryCodes()).toHaveLength(10);
    expect((await settings.open("/discussions")).status()).toBe(200);
    expect(settings.pathname()).toBe("/discussions");
    // Only the live event stream the enrolment page opened was refused (403, as every API call but enrolment's).
    expect(problems.errors.filter((error) => !/403 .*\/api\/v2\/events\/stream/.test(error))).toEqual([]);
  });
});
