import { describe, expect, it } from "vitest";
import { collectErrors, screenshot } from "./support/browser.ts";
import { mailLink, newMember, recordFailedResponses, unexpectedErrors } from "./support/accounts.ts";
import { useParley } from "./support/parley.ts";
import { CategoriesPage } from "./pages/CategoriesPage.ts";
import { EmailConfirmPage } from "./pages/EmailConfirmPage.ts";
import { RegisterPage } from "./pages/RegisterPage.ts";
import { SignInPage } from "./pages/SignInPage.ts";
import { SignOutPage } from "./pages/SignOutPage.ts";

const parley = useParley();

describe("accounts with plain form posts (JavaScript disabled)", () => {
  it("registers, confirms the e-mail, signs out and signs in again, all server-rendered", async () => {
    const page = await parley.newPage({ javaScriptEnabled: false });
    const problems = collectErrors(page);
    const failures = recordFailedResponses(page);
    const member = newMember("nojs");
    const url = (pathname: string) => `${parley.baseUrl}${pathname}`;
    // Every document request, to prove the forms are plain posts answered with "303 See Other".
    const documents: string[] = [];
    page.on("response", (response) => {
      if (response.request().isNavigationRequest()) {
        documents.push(`${response.request().method()} ${response.status()} ${new URL(response.url()).pathname}`);
      }
    });

    const categories = new CategoriesPage(page, parley.baseUrl);
    await categories.goto();
    expect(await categories.bodyClass()).toContain("isLoading");
    expect(await categories.signInLink.getAttribute("href")).toBe("/entry/signin?Target=%2Fcategories");
    await categories.registerLink.click();
    await page.waitForURL(url("/entry/register?Target=%2Fcategories"));

    // Bad input: the server answers the post with the form, its errors and a 4xx status.
    const register = new RegisterPage(page, parley.baseUrl);
    const [rejected] = await Promise.all([
      page.waitForResponse((response) => response.request().method() === "POST"),
      register.register({ email: member.email, name: "admin", password: "abc", confirm: "abc" }),
    ]);
    await page.waitForLoadState("load");
    expect(rejected.status()).toBeGreaterThanOrEqual(400);
    expect(rejected.status()).toBeLessThan(500);
    expect(await register.fieldErrors()).toEqual({
      Username: "The name you entered is already in use by another member.",
      Password: "Your password must be at least 8 characters long.",
    });
    expect(await register.field("Email").inputValue()).toBe(member.email);
    expect(await register.field("Username").inputValue()).toBe("admin");
    // Passwords never come back from the server.
    expect(await register.field("Password").inputValue()).toBe("");
    expect(page.url()).toBe(url("/entry/register?Target=%2Fcategories"));
    await screenshot(page, "accounts-no-js-1-register-errors");
    const provoked = failures.splice(0);
    expect(provoked).toEqual([{ method: "POST", pathname: "/entry/register", status: rejected.status() }]);

    // Mismatched passwords are caught too.
    await register.register({ ...member, confirm: `${member.password}!` });
    await page.waitForLoadState("load");
    expect(await register.fieldErrors()).toEqual({ "Confirm Password": "The passwords you entered do not match." });
    provoked.push(...failures.splice(0));
    expect(provoked.map((failure) => failure.status)).toEqual([rejected.status(), 400]);

    // Good input: 303 to the Target, signed in, with the notice.
    documents.length = 0;
    await register.register(member);
    await page.waitForURL(url("/categories"));
    expect(documents).toEqual(["POST 303 /entry/register", "GET 200 /categories"]);
    await categories.memberName(member.name).waitFor();
    expect(await categories.signInLink.count()).toBe(0);
    expect(await categories.unconfirmedNotice.innerText()).toContain("Your email address is not confirmed.");
    await screenshot(page, "accounts-no-js-2-registered-unconfirmed");

    // The confirmation link: the server confirms and redirects to /entry/emailconfirmed.
    const confirm = await mailLink(parley, {
      to: member.email,
      kind: "emailconfirm",
    });
    documents.length = 0;
    await page.goto(confirm.url);
    expect(page.url()).toBe(url("/entry/emailconfirmed"));
    expect(documents).toEqual([`GET 302 ${confirm.pathname}`, "GET 200 /entry/emailconfirmed"]);
    const confirmed = new EmailConfirmPage(page, parley.baseUrl);
    expect(await confirmed.success.innerText()).toBe("Your email has been successfully confirmed.");
    expect(await confirmed.unconfirmedNotice.count()).toBe(0);
    await screenshot(page, "accounts-no-js-3-email-confirmed");

    // A spent link does not confirm twice.
    await page.goto(confirm.url);
    expect(page.url()).toBe(url(confirm.pathname));
    expect(await confirmed.alert.innerText()).toBe("That confirmation link is invalid or has expired.");
    expect(await confirmed.main.getByRole("link", { name: "Resend confirmation email" }).count()).toBe(1);

    // Sign out: the title bar's link, then the button, a post with the hidden transient key.
    await categories.goto();
    await categories.signOutLink.click();
    await page.waitForURL(url("/entry/signout?Target=%2Fcategories"));
    const signOut = new SignOutPage(page, parley.baseUrl);
    expect(await signOut.transientKeyField.count()).toBe(1);
    documents.length = 0;
    await signOut.submitButton.click();
    await page.waitForURL(url("/categories"));
    expect(documents).toEqual(["POST 303 /entry/signout", "GET 200 /categories"]);
    await categories.signInLink.waitFor();
    expect(await categories.memberName(member.name).count()).toBe(0);
    expect((await categories.me()).userID).toBe(0);
    await screenshot(page, "accounts-no-js-4-signed-out");

    // Sign in by name, keeping the session: a cookie that outlives the browser.
    await categories.signInLink.click();
    await page.waitForURL(url("/entry/signin?Target=%2Fcategories"));
    const signIn = new SignInPage(page, parley.baseUrl);
    documents.length = 0;
    await signIn.signIn(member.name, member.password, { keepSignedIn: true });
    await page.waitForURL(url("/categories"));
    expect(documents).toEqual(["POST 303 /entry/signin", "GET 200 /categories"]);
    await categories.memberName(member.name).waitFor();
    const sessionCookies = (await page.context().cookies()).filter((cookie) => cookie.httpOnly);
    expect(sessionCookies).toHaveLength(1);
    expect(sessionCookies[0]).toMatchObject({ sameSite: "Lax" });
    expect(sessionCookies[0]!.expires).toBeGreaterThan(Date.now() / 1000 + 24 * 3600);
    await screenshot(page, "accounts-no-js-5-signed-in");

    // Sign out and in again by e-mail, without "Keep me signed in": a session cookie.
    await signOut.goto("/categories/help");
    await signOut.submitButton.click();
    await page.waitForURL(url("/categories/help"));
    await categories.signInLink.click();
    await page.waitForURL(url("/entry/signin?Target=%2Fcategories%2Fhelp"));
    await signIn.signIn(member.email, member.password);
    await page.waitForURL(url("/categories/help"));
    await categories.memberName(member.name).waitFor();
    const [browserSession] = (await page.context().cookies()).filter((cookie) => cookie.httpOnly);
    expect(browserSession?.expires).toBe(-1);
    expect(await categories.me()).toMatchObject({ name: member.name, emailConfirmed: true });

    expect(failures.filter((failure) => failure.pathname !== confirm.pathname)).toEqual([]);
    expect(unexpectedErrors(problems.errors, [...provoked, ...failures])).toEqual([]);
  });
});
