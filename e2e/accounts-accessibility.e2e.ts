import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { screenshot, seriousAxeViolations, waitForHydration } from "./support/browser.ts";
import { newMember } from "./support/accounts.ts";
import { useParley } from "./support/parley.ts";
import { CategoriesPage } from "./pages/CategoriesPage.ts";
import { EntryPage } from "./pages/EntryPage.ts";
import { RegisterPage } from "./pages/RegisterPage.ts";
import { SignInPage } from "./pages/SignInPage.ts";

const parley = useParley();

/** A page whose inline axe script may run under the server's CSP. */
const newAxePage = () => parley.newPage({ bypassCSP: true });

async function expectNoSeriousViolations(page: Page, name: string): Promise<void> {
  const violations = await seriousAxeViolations(page);
  await screenshot(page, `axe-${name}`);
  expect(violations).toEqual([]);
}

describe("accessibility of the entry pages (axe-core)", () => {
  it.each([
    { path: "/entry/signin", name: "signin", title: "Sign In" },
    { path: "/entry/register", name: "register", title: "Register" },
    { path: "/entry/passwordrequest", name: "passwordrequest", title: "Reset My Password" },
    { path: "/entry/signout", name: "signout-guest", title: "Sign Out" },
  ])("has no serious or critical violations on $path", async ({ path, name, title }) => {
    const page = await newAxePage();
    const entry = new EntryPage(page, parley.baseUrl);
    expect((await entry.open(path)).status()).toBe(200);
    await waitForHydration(page);
    expect(await entry.heading.innerText()).toBe(title);
    expect(await page.title()).toBe(`${title} - Parley`);
    await expectNoSeriousViolations(page, name);
  });

  it("has none on /entry/register showing field errors after a failed submit", async () => {
    const page = await newAxePage();
    const register = new RegisterPage(page, parley.baseUrl);
    await register.goto("/categories");
    await waitForHydration(page);
    await register.register({ email: "not-an-address", name: "admin", password: "abc", confirm: "abc" });
    await register.main.getByText("Your password must be at least 8 characters long.").waitFor();
    const errors = await register.fieldErrors();
    expect(Object.keys(errors).sort()).toEqual(["Email", "Password", "Username"]);
    // Each error is announced with its field: the input is invalid and described by the message.
    for (const label of Object.keys(errors)) {
      expect(await register.field(label).getAttribute("aria-invalid")).toBe("true");
    }
    await expectNoSeriousViolations(page, "register-errors");
  });

  it("has none on /entry/signin showing the wrong-password alert", async () => {
    const page = await newAxePage();
    const signIn = new SignInPage(page, parley.baseUrl);
    await signIn.goto();
    await waitForHydration(page);
    await signIn.signIn("nobody-here", "wrong-password");
    await signIn.alert.waitFor();
    await expectNoSeriousViolations(page, "signin-alert");
  });

  it("has none on /categories for a signed-in member with the unconfirmed-email notice", async () => {
    const member = newMember("axe");
    const page = await newAxePage();
    const registered = await page.request.post(`${parley.baseUrl}/api/v2/users/register`, { data: member });
    expect(registered.status()).toBe(201);
    // A guest's sign-in through the API sets the session cookie in this browser context.
    const signedIn = await page.request.post(`${parley.baseUrl}/api/v2/authenticate/password`, {
      data: { username: member.name, password: member.password },
    });
    expect(signedIn.status()).toBe(201);
    const categories = new CategoriesPage(page, parley.baseUrl);
    await categories.goto();
    await waitForHydration(page);
    await categories.memberName(member.name).waitFor();
    expect(await categories.unconfirmedNotice.innerText()).toContain("Your email address is not confirmed.");
    await expectNoSeriousViolations(page, "categories-signed-in");

    const signOut = new EntryPage(page, parley.baseUrl);
    await signOut.open("/entry/signout");
    await waitForHydration(page);
    await signOut.main.getByText(`You are signed in as ${member.name}.`).waitFor();
    await expectNoSeriousViolations(page, "signout-member");
  });
});
