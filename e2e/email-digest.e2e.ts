import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpServer } from "../apps/server/src/test/smtp.ts";
import { recordFailedResponses, signInContext, unexpectedErrors } from "./support/accounts.ts";
import { collectErrors, screenshot, seriousAxeViolations, waitForHydration } from "./support/browser.ts";
import { signInAdmin } from "./support/content.ts";
import { useParley } from "./support/parley.ts";
import { adminPassword } from "./support/server.ts";
import { EmailSettingsPage } from "./pages/EmailSettingsPage.ts";
import { EmailTemplatesPage } from "./pages/EmailTemplatesPage.ts";

const parley = useParley();
const admin = { name: "admin", password: adminPassword };

describe("the e-mail digest's settings and the e-mail templates in the dashboard", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer({ user: "forum", password: "smtp-secret-2" });
  });
  afterAll(async () => {
    await smtp?.close();
  });

  it("an administrator sets the digest's schedule by keyboard, saves it, finds it after a reload, and a test digest is delivered", async () => {
    const page = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(page);
    const failures = recordFailedResponses(page);
    await signInContext(page, parley.baseUrl, admin);
    const email = new EmailSettingsPage(page, parley.baseUrl);
    await email.goto();
    await waitForHydration(page);
    expect(await seriousAxeViolations(page)).toEqual([]);

    const digest = email.digest;
    const enabled = digest.getByLabel("Send the email digest", { exact: true });
    expect(await enabled.isChecked()).toBe(false);
    expect(await digest.getByLabel("Day", { exact: true }).inputValue()).toBe("1");
    // By keyboard from the switch: on, Wednesday, 07:00, Europe/Paris, then Save.
    await enabled.focus();
    await page.keyboard.press("Space");
    await page.keyboard.press("Tab");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Tab");
    for (let i = 0; i < 2; i++) await page.keyboard.press("ArrowUp");
    await page.keyboard.press("Tab");
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("Europe/Paris");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Save");
    await Promise.all([
      page.waitForResponse((response) => response.request().method() === "PATCH" && response.url().endsWith("/config")),
      page.keyboard.press("Enter"),
    ]);
    await email.status("Your changes have been saved.").waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "email-digest-saved");

    await page.reload();
    await waitForHydration(page);
    expect(await digest.getByLabel("Send the email digest", { exact: true }).isChecked()).toBe(true);
    expect(await digest.getByLabel("Day", { exact: true }).inputValue()).toBe("3");
    expect(await digest.getByLabel("Hour", { exact: true }).inputValue()).toBe("7");
    expect(await digest.getByLabel("Time Zone", { exact: true }).inputValue()).toBe("Europe/Paris");

    // A test digest (the dashboard has no button for it: the API's) goes through the SMTP server.
    const api = await signInAdmin(parley.baseUrl);
    try {
      await api.patch("/config", {
        "smtp.host": "127.0.0.1",
        "smtp.port": smtp.port,
        "smtp.security": "none",
        "smtp.user": "forum",
        "smtp.password": "smtp-secret-2",
      });
      const me = await api.get<{ userID: number }>("/users/me");
      const preview = await api.get<{ subject: string; userID: number }>(`/digest/preview?userID=${me.userID}`);
      expect(preview.userID).toBe(me.userID);
      await api.post("/emails/send-test-digest", {
        destinationAddress: "digest-test@example.test",
        destinationUserID: me.userID,
      });
      await expect
        .poll(() => smtp.received.filter((mail) => mail.to.includes("digest-test@example.test")).length)
        .toBe(1);
      const mail = smtp.received.find((received) => received.to.includes("digest-test@example.test"))!;
      expect(mail.data).toContain(`Subject: ${preview.subject}`);
    } finally {
      await api.patch("/config", { "smtp.host": "", "smtp.password": "", "smtp.user": "", "smtp.port": 0 });
    }
    expect(failures).toEqual([]);
    expect(unexpectedErrors(problems.errors, failures)).toEqual([]);
  });

  it("an administrator writes a template, previews it, saves it, then edits and previews it again", async () => {
    const page = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(page);
    const failures = recordFailedResponses(page);
    await signInContext(page, parley.baseUrl, admin);
    const templates = new EmailTemplatesPage(page, parley.baseUrl);
    await templates.goto();
    await waitForHydration(page);
    await templates.waitForPage("E-mail Templates");
    expect(await seriousAxeViolations(page)).toEqual([]);

    await templates.main.getByRole("link", { name: "Add a template" }).click();
    await templates.editor.waitFor();
    await templates.field("Name").fill("Friendly mention");
    await templates.field("Notification").selectOption({ index: 1 });
    await templates.field("Subject").fill("Hello {{recipientName}}");
    await templates.field("Body").fill("<p>Welcome back to {{siteName}}, {{recipientName}}.</p>");
    await templates.button("Preview").click();
    await templates.previewSubject.waitFor();
    expect(await templates.previewText.innerText()).toContain("Welcome back to");
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "email-templates-preview");

    await templates.button("Save").click();
    await templates.template("Friendly mention").waitFor();
    expect(await templates.field("Name").inputValue()).toBe("Friendly mention");
    await templates.field("Subject").fill("Hi again {{recipientName}}");
    await templates.button("Preview").click();
    await expect.poll(() => templates.previewSubject.innerText()).toMatch(/^Hi again /);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "email-templates-edit-preview");
    expect(failures).toEqual([]);
    expect(unexpectedErrors(problems.errors, failures)).toEqual([]);
  });
});
