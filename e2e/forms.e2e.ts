import type { Locator } from "playwright-core";
import { describe, expect, it } from "vitest";
import { collectErrors, screenshot, seriousAxeViolations, waitForHydration } from "./support/browser.ts";
import {
  newMember,
  recordFailedResponses,
  registerConfirmed,
  signInContext,
  unexpectedErrors,
} from "./support/accounts.ts";
import { categoryID, createDiscussion, pathOf, signInAdmin } from "./support/content.ts";
import { useParley } from "./support/parley.ts";
import { DiscussionActionsPage } from "./pages/DiscussionActions.ts";
import { NewDiscussionPage } from "./pages/NewDiscussionPage.ts";
import { RegisterPage } from "./pages/RegisterPage.ts";
import { ReportDialog } from "./pages/ReportDialog.ts";
import { SignInPage } from "./pages/SignInPage.ts";

const parley = useParley();

/** Whether a field says it is invalid (its error is shown and announced with it). */
const invalid = async (field: Locator) => (await field.getAttribute("aria-invalid")) === "true";

describe("forms: errors beside their fields, cleared when fixed", () => {
  it("sign-in: errors show on the first attempt, go as the fields are typed into, and come back on leaving an emptied one", async () => {
    const page = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(page);
    const signIn = new SignInPage(page, parley.baseUrl);
    await signIn.goto();
    await waitForHydration(page);
    // Nothing is wrong before the first attempt, even after passing through the fields.
    await signIn.username.focus();
    await page.keyboard.press("Tab");
    expect(await signIn.fieldErrors()).toEqual({});

    await signIn.submitButton.click();
    await signIn.main.getByText("Enter your password.").waitFor();
    expect(await signIn.fieldErrors()).toEqual({
      "Email/Username": "Enter your email or username.",
      Password: "Enter your password.",
    });
    await screenshot(page, "forms-1-signin-errors-1280");

    // Typing a name takes its error away at once, without sending again; the password's stays.
    await signIn.username.pressSequentially("someone");
    await expect.poll(() => signIn.fieldError("Email/Username")).toBeNull();
    expect(await invalid(signIn.username)).toBe(false);
    expect(await signIn.fieldError("Password")).toBe("Enter your password.");
    await signIn.password.pressSequentially("secret");
    await expect.poll(() => signIn.fieldErrors()).toEqual({});
    await screenshot(page, "forms-2-signin-fixed-1280");

    // After an attempt, leaving a field emptied says so.
    await signIn.username.fill("");
    await signIn.password.focus();
    await expect.poll(() => signIn.fieldError("Email/Username")).toBe("Email/Username is required.");
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(problems.errors).toEqual([]);
  });

  it("registration: an invalid e-mail's error goes once the address is valid", async () => {
    const page = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(page);
    const failures = recordFailedResponses(page);
    const register = new RegisterPage(page, parley.baseUrl);
    await register.goto();
    await waitForHydration(page);
    const member = newMember("fern");
    await register.fill({ email: "not-an-address", name: member.name, password: member.password });
    await register.submitButton.click();
    await expect.poll(() => register.fieldError("Email")).not.toBeNull();
    await register.field("Email").fill(member.email);
    await expect.poll(() => register.fieldError("Email")).toBeNull();
    expect(await invalid(register.field("Email"))).toBe(false);
    // The API refused the address (400): expected.
    expect(unexpectedErrors(problems.errors, failures)).toEqual([]);
  });

  it("new discussion: the missing title's and body's errors go as they are typed", async () => {
    const member = newMember("gil");
    await registerConfirmed(parley, member);
    const page = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(page);
    await signInContext(page, parley.baseUrl, member);
    const post = new NewDiscussionPage(page, parley.baseUrl);
    const admin = await signInAdmin(parley.baseUrl);
    await post.goto(await categoryID(admin, "general"));
    await waitForHydration(page);
    await post.waitForEditors();
    expect(await invalid(post.title)).toBe(false);
    await post.submitButton.click();
    await expect.poll(() => invalid(post.title)).toBe(true);
    expect(await post.fieldError("Title")).not.toBeNull();
    await expect.poll(() => invalid(post.body)).toBe(true);
    await post.title.pressSequentially("A title at last");
    await expect.poll(() => post.fieldError("Title")).toBeNull();
    expect(await invalid(post.title)).toBe(false);
    // The body's editor is no plain field: its error goes too once it is written.
    await post.body.pressSequentially("Some words.");
    await expect.poll(() => invalid(post.body)).toBe(false);
    expect(await post.main.locator("#discussion-body-error").count()).toBe(0);
    await screenshot(page, "forms-5-new-discussion-fixed-1280");
    expect(problems.errors).toEqual([]);
  });

  it("a dialog opens with no error; sending it incomplete says what is missing, and giving it clears that", async () => {
    const admin = await signInAdmin(parley.baseUrl);
    const discussion = await createDiscussion(admin, {
      name: "A dialog to report",
      body: "Nothing wrong here.",
      categoryID: await categoryID(admin, "general"),
    });
    const member = newMember("hal");
    await registerConfirmed(parley, member);
    const page = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(page);
    await signInContext(page, parley.baseUrl, member);
    const view = new DiscussionActionsPage(page, parley.baseUrl);
    await view.goto(pathOf(discussion.url));
    await waitForHydration(page);
    await view.openOptions();
    await view.menuItem("Report").click();
    const report = new ReportDialog(page, "Report Discussion");
    await report.dialog.waitFor();
    await report.reason(/./).first().waitFor();
    expect(await report.dialog.getByRole("alert").count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "forms-3-dialog-opened-1280");

    await report.dialog.getByRole("button", { name: "Send Report" }).click();
    await report.dialog.getByRole("alert").filter({ hasText: "Choose a reason." }).waitFor();
    await screenshot(page, "forms-4-dialog-missing-1280");
    await report.reason(/./).first().check();
    await report.dialog.getByRole("alert").waitFor({ state: "detached" });
    expect(problems.errors).toEqual([]);
  });
});
