import { createServer, type Server } from "node:http";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collectErrors, launchBrowser, newContext, screenshot, waitForHydration } from "./support/browser.ts";
import { newMember, unexpectedErrors } from "./support/accounts.ts";
import { signInAdmin } from "./support/content.ts";
import { startServer, type RunningServer } from "./support/server.ts";
import { RegisterPage } from "./pages/RegisterPage.ts";

const SITE_KEY = "e2e-site-key";
const SECRET = "e2e-secret";

/**
 * A stand-in for the provider (reCAPTCHA's shape): its script draws "I am human" into the widget's element and,
 * when ticked, writes the answer to the hidden `g-recaptcha-response` field of the form; its siteverify accepts
 * that answer with the site's secret. The real providers cannot be reached from these machines.
 */
const providerScript = `
window.grecaptcha = {
  ready: function (callback) { callback(); },
  render: function (element, options) {
    var label = document.createElement("label");
    var box = document.createElement("input");
    box.type = "checkbox";
    label.append(box, " I am human");
    box.addEventListener("change", function () {
      var answer = element.querySelector("textarea") || document.createElement("textarea");
      answer.name = "g-recaptcha-response";
      answer.hidden = true;
      answer.value = box.checked ? "human:" + options.sitekey : "";
      element.append(answer);
    });
    element.append(label);
  }
};`;

function createFakeProvider() {
  const verified: string[] = [];
  const server: Server = createServer((request, response) => {
    if (request.url?.startsWith("/api.js")) {
      response.setHeader("content-type", "text/javascript");
      response.end(providerScript);
      return;
    }
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      const form = new URLSearchParams(body);
      verified.push(form.get("response") ?? "");
      response.setHeader("content-type", "application/json");
      response.end(
        JSON.stringify({ success: form.get("secret") === SECRET && form.get("response") === `human:${SITE_KEY}` }),
      );
    });
  });
  return { server, verified };
}

describe("the bot check on the register form", () => {
  const provider = createFakeProvider();
  let parley: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    await new Promise<void>((resolve) => provider.server.listen(0, "127.0.0.1", resolve));
    const address = provider.server.address();
    if (!address || typeof address === "string") throw new Error("The fake provider is not listening.");
    const origin = `http://127.0.0.1:${address.port}`;
    parley = await startServer({
      env: {
        PARLEY_BOT_CHECK: "recaptcha",
        PARLEY_BOT_CHECK_SITE_KEY: SITE_KEY,
        PARLEY_BOT_CHECK_SECRET: SECRET,
        PARLEY_BOT_CHECK_SCRIPT_URL: `${origin}/api.js`,
        PARLEY_BOT_CHECK_VERIFY_URL: `${origin}/siteverify`,
      },
    });
    browser = await launchBrowser();
    const admin = await signInAdmin(parley.baseUrl);
    await admin.patch("/config", { "registration.method": "captcha" });
  });
  afterAll(async () => {
    await browser?.close();
    await parley?.stop();
    await new Promise<void>((resolve) => provider.server.close(() => resolve()));
  });

  it("loads the provider's script, refuses the form until the challenge is passed, then registers", async () => {
    const { context, firstPage } = await newContext(browser, { viewport: { width: 1280, height: 800 } });
    try {
      const page = await firstPage();
      const problems = collectErrors(page);
      const register = new RegisterPage(page, parley.baseUrl);
      await register.goto();
      await waitForHydration(page);
      const challenge = register.main.getByRole("checkbox", { name: "I am human" });
      await challenge.waitFor();
      const member = newMember("human");
      await register.register(member);
      await register.main.getByText("Please complete the bot check.").waitFor();
      expect(page.url()).toBe(`${parley.baseUrl}/entry/register`);
      await screenshot(page, "bot-check-1-missing");

      // Passed: the answer reaches siteverify, and the new member is signed in.
      await challenge.check();
      await register.submitButton.click();
      await page.waitForURL(`${parley.baseUrl}/`);
      await waitForHydration(page);
      expect(provider.verified.at(-1)).toBe(`human:${SITE_KEY}`);
      const me = await page.evaluate(async () => (await (await fetch("/api/v2/users/me")).json()) as { name: string });
      expect(me).toMatchObject({ name: member.name });
      expect(
        unexpectedErrors(problems.errors, [{ method: "POST", pathname: "/api/v2/users/register", status: 400 }]),
      ).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("says, without JavaScript, that registering needs it for the bot check", async () => {
    const { context, firstPage } = await newContext(browser, { javaScriptEnabled: false });
    try {
      const page = await firstPage();
      const register = new RegisterPage(page, parley.baseUrl);
      await page.goto(`${parley.baseUrl}/entry/register`);
      // Playwright's text locators skip <noscript>; the form's rendered text holds it when scripts are off.
      expect(await register.form.innerText()).toContain("Registering here needs JavaScript, for the bot check.");
    } finally {
      await context.close();
    }
  });
});
