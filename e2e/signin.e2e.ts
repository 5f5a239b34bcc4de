import { describe, expect, it } from "vitest";
import { userMessages } from "@parley/contracts/user-rules";
import { collectErrors, screenshot, waitForHydration } from "./support/browser.ts";
import { recordFailedResponses, unexpectedErrors } from "./support/accounts.ts";
import { useParley } from "./support/parley.ts";
import { adminPassword } from "./support/server.ts";
import { CategoriesPage } from "./pages/CategoriesPage.ts";
import { SignInPage } from "./pages/SignInPage.ts";

const parley = useParley();
const url = (pathname: string) => `${parley.baseUrl}${pathname}`;

describe.each([
  { javaScriptEnabled: false, label: "server-rendered", suffix: "no-js" },
  { javaScriptEnabled: true, label: "hydrated", suffix: "js" },
])("/entry/signin, $label", ({ javaScriptEnabled, suffix }) => {
  async function openSignIn(target?: string) {
    const page = await parley.newPage({ javaScriptEnabled });
    const problems = collectErrors(page);
    const failures = recordFailedResponses(page);
    const signIn = new SignInPage(page, parley.baseUrl);
    expect((await signIn.goto(target)).status()).toBe(200);
    if (javaScriptEnabled) await waitForHydration(page);
    return { page, signIn, problems, failures };
  }

  it("says which fields are missing when the form is sent empty", async () => {
    const { page, signIn, problems, failures } = await openSignIn("/categories");
    await signIn.submitButton.click();
    await signIn.main.getByText("Enter your password.").waitFor();
    expect(await signIn.fieldErrors()).toEqual({
      "Email/Username": "Enter your email or username.",
      Password: "Enter your password.",
    });
    expect(page.url()).toBe(url("/entry/signin?Target=%2Fcategories"));
    // Without JavaScript the server answers the post with 400; with it, nothing leaves the browser.
    expect(failures).toEqual(javaScriptEnabled ? [] : [{ method: "POST", pathname: "/entry/signin", status: 400 }]);
    expect(unexpectedErrors(problems.errors, failures)).toEqual([]);
  });

  it("rejects a wrong password with an alert, keeps the name, empties the password; the right one signs in", async () => {
    const { page, signIn, problems, failures } = await openSignIn("/categories");
    await signIn.signIn("admin", "not-the-password");
    await signIn.alert.waitFor();
    expect(await signIn.alert.innerText()).toBe("The username or password you entered is incorrect.");
    expect(await signIn.username.inputValue()).toBe("admin");
    expect(await signIn.password.inputValue()).toBe("");
    expect(page.url()).toBe(url("/entry/signin?Target=%2Fcategories"));
    expect(await signIn.signInLink.count()).toBe(1);
    await screenshot(page, `signin-wrong-password-${suffix}`);
    const provoked = failures.splice(0);
    expect(provoked).toEqual([
      javaScriptEnabled
        ? { method: "POST", pathname: "/api/v2/authenticate/password", status: 401 }
        : { method: "POST", pathname: "/entry/signin", status: 401 },
    ]);

    await signIn.password.fill(adminPassword);
    await signIn.submitButton.click();
    await page.waitForURL(url("/categories"));
    if (javaScriptEnabled) await waitForHydration(page);
    const categories = new CategoriesPage(page, parley.baseUrl);
    await categories.memberName("admin").waitFor();
    expect(failures).toEqual([]);
    expect(unexpectedErrors(problems.errors, provoked)).toEqual([]);
  });

  it("is completed and sent with the keyboard alone: Tab to the fields, type, Enter", async () => {
    const { page, signIn, problems } = await openSignIn("/categories");
    const reached: string[] = [];
    for (let step = 0; step < 12; step += 1) {
      await page.keyboard.press("Tab");
      const focused = await signIn.focusedElement();
      if (focused.tag === "input") break;
      reached.push(focused.text);
    }
    // The title bar under /entry (its search button included), then the form's first field.
    expect(reached).toEqual([
      "Skip to content",
      "Parley",
      "Posts",
      "Categories",
      "Knowledge Base",
      "Groups",
      "Search",
      "Sign In",
      "Register",
    ]);
    expect(await signIn.username.evaluate((input) => input === document.activeElement)).toBe(true);
    await page.keyboard.type("admin");
    await page.keyboard.press("Tab");
    expect(await signIn.password.evaluate((input) => input === document.activeElement)).toBe(true);
    await page.keyboard.type(adminPassword);
    await screenshot(page, `signin-keyboard-${suffix}`);
    await page.keyboard.press("Enter");
    await page.waitForURL(url("/categories"));
    if (javaScriptEnabled) await waitForHydration(page);
    await new CategoriesPage(page, parley.baseUrl).memberName("admin").waitFor();
    expect(problems.errors).toEqual([]);
  });

  it("after five wrong passwords from this address, says how long to wait and links to the password reset", async () => {
    const { page, signIn, problems, failures } = await openSignIn("/categories");
    const name = `Nobody ${suffix}`;
    for (let attempt = 1; attempt <= 6; attempt++) {
      await signIn.signIn(name, `wrong ${attempt}`);
      // Each answer arrives (a failed response) before the next attempt.
      await expect.poll(() => failures.length).toBe(attempt);
    }
    await signIn.main.getByText(/Please wait \d+ seconds and try again\./).waitFor();
    expect(await signIn.alert.innerText()).toContain(userMessages.tooManySignInsReset);
    const reset = signIn.alert.getByRole("link", { name: userMessages.tooManySignInsResetLabel });
    expect(await reset.getAttribute("href")).toBe("/entry/passwordrequest");
    await screenshot(page, `signin-locked-${suffix}`);
    await reset.click();
    await page.waitForURL(url("/entry/passwordrequest"));
    expect(failures.map((failure) => failure.status)).toEqual([401, 401, 401, 401, 401, 429]);
    expect(unexpectedErrors(problems.errors, failures)).toEqual([]);
  });

  it("never follows a Target to another site: it goes home instead", async () => {
    const { page, signIn } = await openSignIn("//evil.example/phish");
    await signIn.signIn("admin", adminPassword);
    await page.waitForURL(url("/"));
    await new CategoriesPage(page, parley.baseUrl).memberName("admin").waitFor();
  });
});
