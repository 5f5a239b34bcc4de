import { describe, expect, it } from "vitest";
import { collectErrors, screenshot, seriousAxeViolations, waitForHydration } from "./support/browser.ts";
import {
  mailLink,
  newMember,
  recordFailedResponses,
  registerThroughApi,
  signInContext,
  unexpectedErrors,
} from "./support/accounts.ts";
import { signInAdmin } from "./support/content.ts";
import { adminPassword } from "./support/server.ts";
import { useParley } from "./support/parley.ts";
import { ApplicantsPage } from "./pages/ApplicantsPage.ts";
import { CategoriesPage } from "./pages/CategoriesPage.ts";
import { EmailConfirmPage } from "./pages/EmailConfirmPage.ts";
import { EntryPage } from "./pages/EntryPage.ts";
import { RegisterPage } from "./pages/RegisterPage.ts";
import { SignInPage } from "./pages/SignInPage.ts";
import { SignOutPage } from "./pages/SignOutPage.ts";

const parley = useParley();

const messages = {
  passwordTooShort: "Your password must be at least 8 characters long.",
  nameTaken: "The name you entered is already in use by another member.",
  notConfirmed: "Your email address is not confirmed.",
  confirmed: "Your email has been successfully confirmed.",
  invalidLink: "That confirmation link is invalid or has expired.",
};

describe("accounts in the browser (JavaScript enabled)", () => {
  it("registers from the title bar, confirms the e-mail, signs out and signs in again by name and by e-mail", async () => {
    const page = await parley.newPage();
    const problems = collectErrors(page);
    const failures = recordFailedResponses(page);
    const member = newMember("e2e");
    const url = (pathname: string) => `${parley.baseUrl}${pathname}`;

    // A guest on /categories: Sign In and Register carry the page as their Target.
    const categories = new CategoriesPage(page, parley.baseUrl);
    await categories.goto();
    await waitForHydration(page);
    expect(await categories.signInLink.getAttribute("href")).toBe("/entry/signin?Target=%2Fcategories");
    expect(await categories.registerLink.getAttribute("href")).toBe("/entry/register?Target=%2Fcategories");
    expect(await categories.signOutLink.count()).toBe(0);
    await screenshot(page, "accounts-js-1-guest-title-bar");

    // Register, first with a taken name and a 3-character password.
    await categories.registerLink.click();
    await page.waitForURL(url("/entry/register?Target=%2Fcategories"));
    const register = new RegisterPage(page, parley.baseUrl);
    await register.heading.filter({ hasText: "Register" }).waitFor();
    // Under /entry, the title bar's links carry no Target.
    expect(await register.signInLink.getAttribute("href")).toBe("/entry/signin");
    await register.register({ email: member.email, name: "admin", password: "abc" });
    await register.main.getByText(messages.passwordTooShort).waitFor();
    expect(await register.fieldErrors()).toEqual({ Username: messages.nameTaken, Password: messages.passwordTooShort });
    expect(await register.field("Username").getAttribute("aria-invalid")).toBe("true");
    expect(await register.field("Password").getAttribute("aria-invalid")).toBe("true");
    expect(await register.field("Email").getAttribute("aria-invalid")).toBeNull();
    // The typed e-mail and name stay; the page did not move.
    expect(await register.field("Email").inputValue()).toBe(member.email);
    expect(await register.field("Username").inputValue()).toBe("admin");
    expect(page.url()).toBe(url("/entry/register?Target=%2Fcategories"));
    await screenshot(page, "accounts-js-2-register-errors");
    const provoked = failures.splice(0);
    expect(provoked.map(({ method, pathname }) => `${method} ${pathname}`)).toEqual(["POST /api/v2/users/register"]);
    expect(provoked[0]?.status).toBeGreaterThanOrEqual(400);
    expect(provoked[0]?.status).toBeLessThan(500);

    // Fixed: the new member is signed in and back on /categories, with the unconfirmed notice.
    await register.register(member);
    await page.waitForURL(url("/categories"));
    await waitForHydration(page);
    await categories.memberName(member.name).waitFor();
    expect(await categories.signInLink.count()).toBe(0);
    expect(await categories.registerLink.count()).toBe(0);
    expect(await categories.signOutLink.getAttribute("href")).toBe("/entry/signout?Target=%2Fcategories");
    expect(await categories.unconfirmedNotice.innerText()).toContain(messages.notConfirmed);
    const resend = categories.unconfirmedNotice.getByRole("link", { name: "Resend confirmation email" });
    expect(await resend.getAttribute("href")).toBe("/entry/emailconfirmrequest");
    expect(await categories.me()).toMatchObject({ name: member.name, emailConfirmed: false });
    await screenshot(page, "accounts-js-3-registered-unconfirmed");

    // The confirmation mail's link confirms and lands on /entry/emailconfirmed; the notice is gone.
    const confirm = await mailLink(parley, {
      to: member.email,
      kind: "emailconfirm",
    });
    expect(confirm.mail.subject).toBe("Confirm your email address");
    await page.goto(confirm.url);
    await page.waitForURL(url("/entry/emailconfirmed"));
    await waitForHydration(page);
    const confirmed = new EmailConfirmPage(page, parley.baseUrl);
    expect(await confirmed.success.innerText()).toBe(messages.confirmed);
    expect(await confirmed.unconfirmedNotice.count()).toBe(0);
    await confirmed.memberName(member.name).waitFor();
    expect(await confirmed.me()).toMatchObject({ userID: confirm.userID, emailConfirmed: true });
    await screenshot(page, "accounts-js-4-email-confirmed");

    // Sign out from the title bar of /categories: the Sign Out page, then its button.
    await categories.mainNavigation.getByRole("link", { name: "Categories" }).click();
    await page.waitForURL(url("/categories"));
    expect(await categories.unconfirmedNotice.count()).toBe(0);
    await categories.signOutLink.click();
    await page.waitForURL(url("/entry/signout?Target=%2Fcategories"));
    const signOut = new SignOutPage(page, parley.baseUrl);
    await signOut.main.getByText(`You are signed in as ${member.name}.`).waitFor();
    expect(await signOut.transientKeyField.count()).toBe(1);
    await screenshot(page, "accounts-js-5-sign-out-page");
    await signOut.submitButton.click();
    await page.waitForURL(url("/categories"));
    await waitForHydration(page);
    await categories.signInLink.waitFor();
    expect(await categories.memberName(member.name).count()).toBe(0);
    expect(await categories.signOutLink.count()).toBe(0);
    expect((await categories.me()).userID).toBe(0);
    await screenshot(page, "accounts-js-6-signed-out");

    // Sign in by name from the title bar: back on /categories.
    await categories.signInLink.click();
    await page.waitForURL(url("/entry/signin?Target=%2Fcategories"));
    const signIn = new SignInPage(page, parley.baseUrl);
    await signIn.heading.filter({ hasText: "Sign In" }).waitFor();
    await signIn.signIn(member.name, member.password);
    await page.waitForURL(url("/categories"));
    await waitForHydration(page);
    await categories.memberName(member.name).waitFor();
    expect(await categories.me()).toMatchObject({ name: member.name, emailConfirmed: true });

    // Sign out again, then sign in by e-mail from a category page, which is the Target this time.
    await categories.signOutLink.click();
    await page.waitForURL(url("/entry/signout?Target=%2Fcategories"));
    await signOut.submitButton.click();
    await page.waitForURL(url("/categories"));
    await waitForHydration(page);
    await categories.openCategory("Help & Support");
    await page.waitForURL(url("/categories/help"));
    await categories.signInLinkTo("/categories/help").click();
    await page.waitForURL(url("/entry/signin?Target=%2Fcategories%2Fhelp"));
    await signIn.signIn(member.email, member.password);
    await page.waitForURL(url("/categories/help"));
    await waitForHydration(page);
    await categories.memberName(member.name).waitFor();
    expect(await categories.heading.innerText()).toBe("Help & Support");
    expect((await categories.me()).name).toBe(member.name);
    await screenshot(page, "accounts-js-7-signed-in-by-email");

    // Nothing failed but the registration attempt with bad input, and nothing else was logged.
    await page.waitForLoadState("networkidle");
    expect(failures).toEqual([]);
    expect(unexpectedErrors(problems.errors, provoked)).toEqual([]);
    // Precisely: the one line Chromium logs for the rejected registration, nothing else.
    expect(problems.errors).toEqual([
      expect.stringMatching(
        /^console\.error: Failed to load resource: the server responded with a status of 4\d\d .*\/api\/v2\/users\/register:0\)$/,
      ),
    ]);
  });

  it("resends the confirmation from the notice: the new link confirms, the replaced one does not", async () => {
    const member = newMember("resend");
    await registerThroughApi(parley.baseUrl, member);
    const page = await parley.newPage();
    const problems = collectErrors(page);
    const failures = recordFailedResponses(page);
    const signIn = new SignInPage(page, parley.baseUrl);
    await signIn.goto("/categories");
    await waitForHydration(page);
    await signIn.signIn(member.email, member.password);
    await page.waitForURL(`${parley.baseUrl}/categories`);
    await waitForHydration(page);
    const first = await mailLink(parley, { to: member.email, kind: "emailconfirm" });
    const mailsBefore = (await parley.readOutbox()).length;

    const categories = new CategoriesPage(page, parley.baseUrl);
    await categories.unconfirmedNotice.getByRole("link", { name: "Resend confirmation email" }).click();
    await page.waitForURL(`${parley.baseUrl}/entry/emailconfirmrequest`);
    const request = new EntryPage(page, parley.baseUrl);
    await request.main.getByText(`We will send a new confirmation link to ${member.email}.`).waitFor();
    await request.button("Send").click();
    await request.success.waitFor();
    await screenshot(page, "accounts-js-8-confirmation-resent");
    const second = await mailLink(parley, {
      to: member.email,
      kind: "emailconfirm",
      after: mailsBefore,
    });
    expect(second.url).not.toBe(first.url);

    // The replaced link answers 400 with the message (the page renders; the status says it failed).
    const spent = await page.goto(first.url);
    expect(spent?.status()).toBe(400);
    await waitForHydration(page);
    expect(await request.alert.innerText()).toBe(messages.invalidLink);
    expect(await request.unconfirmedNotice.count()).toBe(1);
    await page.goto(second.url);
    await page.waitForURL(`${parley.baseUrl}/entry/emailconfirmed`);
    await waitForHydration(page);
    expect(await request.success.innerText()).toBe(messages.confirmed);
    expect(await request.unconfirmedNotice.count()).toBe(0);
    const expected = [{ method: "GET", pathname: new URL(first.url).pathname, status: 400 }];
    expect(failures).toEqual(expected);
    expect(unexpectedErrors(problems.errors, expected)).toEqual([]);
  });

  it("confirms from the e-mail's link in a browser that is not signed in", async () => {
    const member = newMember("guestconf");
    const userID = await registerThroughApi(parley.baseUrl, member);
    const link = await mailLink(parley, { to: member.email, kind: "emailconfirm" });
    expect(link.userID).toBe(userID);
    const page = await parley.newPage();
    const problems = collectErrors(page);
    const confirmed = new EmailConfirmPage(page, parley.baseUrl);
    // The token under another user's ID (the admin's, 1) is refused (400), and stays unspent.
    const wrongUser = `/entry/emailconfirm/1/${link.pathname.split("/").at(-1)}`;
    const refused = await page.goto(`${parley.baseUrl}${wrongUser}`);
    expect(refused?.status()).toBe(400);
    await waitForHydration(page);
    expect(await confirmed.alert.innerText()).toBe(messages.invalidLink);
    await page.goto(link.url);
    await page.waitForURL(`${parley.baseUrl}/entry/emailconfirmed`);
    await waitForHydration(page);
    expect(await confirmed.success.innerText()).toBe(messages.confirmed);
    await confirmed.signInLink.waitFor();
    expect(unexpectedErrors(problems.errors, [{ method: "GET", pathname: wrongUser, status: 400 }])).toEqual([]);
  });
});

describe("registration by approval", () => {
  it("takes an application with its reason, refuses sign-in until an administrator approves it on the applicants page", async () => {
    const admin = await signInAdmin(parley.baseUrl);
    await admin.patch("/config", { "registration.method": "approval" });
    try {
      const applicant = newMember("applicant");
      const page = await parley.newPage();
      const problems = collectErrors(page);
      const failures = recordFailedResponses(page);
      const register = new RegisterPage(page, parley.baseUrl);
      await register.goto();
      await waitForHydration(page);
      await register.fill(applicant);
      await register.field("Why do you want to join?").fill("I run a small homelab and want to learn from others.");
      await register.button("Apply for Membership").click();
      expect(await register.success.innerText()).toBe(
        "Thank you! Your application will be reviewed by an administrator. You will be notified by email if your application is approved.",
      );
      expect(await register.form.count()).toBe(0);
      await screenshot(page, "applicants-1-applied");

      // Not yet: the password is right, but the account waits.
      const signIn = new SignInPage(page, parley.baseUrl);
      await signIn.goto();
      await waitForHydration(page);
      await signIn.signIn(applicant.name, applicant.password);
      expect(await signIn.alert.innerText()).toBe("Your application to join has not been approved yet.");
      expect(failures.splice(0).map(({ status }) => status)).toEqual([403]);

      // The administrator finds the applicant from the account menu and approves them, by keyboard.
      // bypassCSP lets the inline axe script run under the server's Content-Security-Policy.
      const adminPage = await parley.newPage({ bypassCSP: true });
      await signInContext(adminPage, parley.baseUrl, { name: "admin", password: adminPassword });
      await adminPage.goto(`${parley.baseUrl}/categories`);
      await waitForHydration(adminPage);
      const applicants = new ApplicantsPage(adminPage, parley.baseUrl);
      await applicants.openFromAccountMenu();
      await adminPage.waitForURL(`${parley.baseUrl}/dashboard/users/applicants`);
      const item = applicants.applicant(applicant.name);
      await item.getByText("I run a small homelab and want to learn from others.").waitFor();
      expect(await seriousAxeViolations(adminPage)).toEqual([]);
      await screenshot(adminPage, "applicants-2-list");
      await applicants.approveButton(applicant.name).focus();
      await adminPage.keyboard.press("Enter");
      await applicants.text(`${applicant.name} has been approved.`).waitFor();
      expect(await applicants.applicant(applicant.name).count()).toBe(0);

      // The approval mail, then sign-in works.
      const mail = (await parley.readOutbox()).filter((sent) => sent.to === applicant.email);
      expect(mail.map((sent) => sent.subject)[0]).toMatch(/^Your application to join .+ has been approved$/);
      await signIn.goto();
      await waitForHydration(page);
      await signIn.signIn(applicant.name, applicant.password);
      await page.waitForURL((url) => !url.pathname.startsWith("/entry/signin"));
      expect(
        unexpectedErrors(problems.errors, [{ method: "POST", pathname: "/api/v2/authenticate/password", status: 403 }]),
      ).toEqual([]);
    } finally {
      await admin.patch("/config", { "registration.method": "basic" });
    }
  });
});
