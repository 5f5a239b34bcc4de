import { describe, expect, it } from "vitest";
import { collectErrors, screenshot, waitForHydration } from "./support/browser.ts";
import {
  mailLink,
  newMember,
  recordFailedResponses,
  registerThroughApi,
  unexpectedErrors,
} from "./support/accounts.ts";
import { useParley } from "./support/parley.ts";
import { CategoriesPage } from "./pages/CategoriesPage.ts";
import { PasswordRequestPage, PasswordResetPage } from "./pages/PasswordPages.ts";
import { SignInPage } from "./pages/SignInPage.ts";

const parley = useParley();
const url = (pathname: string) => `${parley.baseUrl}${pathname}`;

const neutral = "If that email belongs to an account, a message with a link to reset the password is on its way.";

describe.each([
  { javaScriptEnabled: false, label: "server-rendered", suffix: "no-js" },
  { javaScriptEnabled: true, label: "hydrated", suffix: "js" },
])("password reset, $label", ({ javaScriptEnabled, suffix }) => {
  it("mails a reset link, refuses mismatched passwords, sets the new one: it signs in, the old one does not", async () => {
    const member = newMember(`reset${suffix}`);
    await registerThroughApi(parley.baseUrl, member);
    const page = await parley.newPage({ javaScriptEnabled });
    const problems = collectErrors(page);
    const failures = recordFailedResponses(page);
    const hydrated = async () => {
      await page.waitForLoadState("load");
      if (javaScriptEnabled) await waitForHydration(page);
    };

    // The same neutral answer for an unknown address and for the member's.
    const request = new PasswordRequestPage(page, parley.baseUrl);
    await request.goto();
    await hydrated();
    const unknown = `nobody-${suffix}@example.test`;
    await request.request(unknown);
    await request.success.waitFor();
    expect(await request.success.innerText()).toBe(neutral);
    // The message is already shown: wait for the second post's answer (the document or the API call).
    await Promise.all([
      page.waitForResponse((response) => response.request().method() === "POST"),
      request.request(member.email),
    ]);
    await hydrated();
    expect(await request.success.innerText()).toBe(neutral);
    expect(await request.field("Email").inputValue()).toBe(member.email);
    await screenshot(page, `password-request-sent-${suffix}`);

    const link = await mailLink(parley, { to: member.email, kind: "passwordreset" });
    expect(link.mail.subject).toBe("Reset your password");
    expect((await parley.readOutbox()).filter((mail) => mail.to === unknown)).toEqual([]);

    // The link's page: mismatched, then too short, then a good new password.
    await page.goto(link.url);
    await hydrated();
    const reset = new PasswordResetPage(page, parley.baseUrl);
    expect(await reset.heading.innerText()).toBe("Choose a New Password");
    const newPassword = `${member.password}-new`;
    await reset.reset(newPassword, `${newPassword}-typo`);
    await reset.main.getByText("The passwords you entered do not match.").waitFor();
    expect(await reset.fieldErrors()).toEqual({ "Confirm Password": "The passwords you entered do not match." });
    await screenshot(page, `password-reset-mismatch-${suffix}`);
    await reset.reset("short");
    await reset.main.getByText("Your password must be at least 8 characters long.").waitFor();
    expect(await reset.fieldErrors()).toEqual({ "New Password": "Your password must be at least 8 characters long." });
    // Checked before the API is asked: without JavaScript the server answers 400, with it nothing is sent.
    const provoked = failures.splice(0);
    expect(provoked).toEqual(
      javaScriptEnabled
        ? []
        : [
            { method: "POST", pathname: link.pathname, status: 400 },
            { method: "POST", pathname: link.pathname, status: 400 },
          ],
    );

    await reset.reset(newPassword);
    await reset.success.waitFor();
    expect(await reset.success.innerText()).toBe("Your password has been changed. You can sign in with it now.");
    await screenshot(page, `password-reset-done-${suffix}`);

    // The link is spent.
    await page.goto(link.url);
    await hydrated();
    await reset.reset(`${newPassword}-again`);
    await reset.alert.waitFor();
    expect(await reset.alert.innerText()).toBe("That password reset link is invalid or has expired.");
    provoked.push(...failures.splice(0));

    // The old password no longer signs in; the new one does.
    const signIn = new SignInPage(page, parley.baseUrl);
    await signIn.goto("/categories");
    await hydrated();
    await signIn.signIn(member.name, member.password);
    await signIn.alert.waitFor();
    expect(await signIn.alert.innerText()).toBe("The username or password you entered is incorrect.");
    provoked.push(...failures.splice(0));
    await signIn.signIn(member.email, newPassword);
    await page.waitForURL(url("/categories"));
    await hydrated();
    await new CategoriesPage(page, parley.baseUrl).memberName(member.name).waitFor();

    expect(provoked.slice(-2).map((failure) => failure.status)).toEqual([400, 401]);
    expect(failures).toEqual([]);
    expect(unexpectedErrors(problems.errors, provoked)).toEqual([]);
  });
});
