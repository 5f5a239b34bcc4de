import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpServer } from "../apps/server/src/test/smtp.ts";
import {
  newMember,
  recordFailedResponses,
  registerConfirmed,
  signInContext,
  unexpectedErrors,
} from "./support/accounts.ts";
import { collectErrors, screenshot, seriousAxeViolations, waitForHydration } from "./support/browser.ts";
import { signInAdmin } from "./support/content.ts";
import { useParley } from "./support/parley.ts";
import { adminPassword } from "./support/server.ts";
import { EmailSettingsPage } from "./pages/EmailSettingsPage.ts";

const parley = useParley();
const admin = { name: "admin", password: adminPassword };

describe("outgoing e-mail at /dashboard/settings/email", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer({ user: "forum", password: "smtp-secret-1" });
  });
  afterAll(async () => {
    await smtp?.close();
  });

  it("an administrator sends a test e-mail to the outbox and reads it there, sets the sender, and sees a bad address refused", async () => {
    const page = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(page);
    const failures = recordFailedResponses(page);
    await signInContext(page, parley.baseUrl, admin);
    const email = new EmailSettingsPage(page, parley.baseUrl);
    await email.open("/dashboard");
    await waitForHydration(page);
    await email.navLink("Outgoing Email").click();
    await email.waitForPage("Outgoing Email");
    expect(await email.delivery.innerText()).toBe(
      "No SMTP server is set: the forum's mail is kept in the outbox below instead of being sent.",
    );
    expect(await seriousAxeViolations(page)).toEqual([]);

    await email.sendTest("first-test@example.test");
    await email.status("The test e-mail has been sent to first-test@example.test.").waitFor();
    await email.outbox.getByText("Test e-mail from Parley").first().waitFor();
    const sent = (await parley.readOutbox()).filter((mail) => mail.to === "first-test@example.test");
    expect(sent.map((mail) => mail.subject)).toEqual(["Test e-mail from Parley"]);
    await email.outbox.locator("summary").first().click();
    await email.outbox.getByText("If you are reading it, the forum's outgoing mail works.").waitFor();
    await screenshot(page, "email-settings");

    await email.field("From Name").fill("Garden Club");
    await email.field("From Address").fill("club@localhost");
    await email.field("Host").fill("smtp://mail.example.test");
    await email.saveButton.click();
    await expect
      .poll(() => email.fieldError("From Address"))
      .toBe("outgoingEmails.supportAddress is not an e-mail address.");
    expect(await email.fieldError("Host")).toBe(
      "smtp.host is a host name or address, without a scheme or port (smtp.example.com).",
    );
    expect(await seriousAxeViolations(page)).toEqual([]);
    await email.field("From Address").fill("club@example.test");
    await email.field("Host").fill("");
    await email.save();
    await email.status("Your changes have been saved.").waitFor();
    await email.sendTest("second-test@example.test");
    await email.status("The test e-mail has been sent to second-test@example.test.").waitFor();
    const second = (await parley.readOutbox()).find((mail) => mail.to === "second-test@example.test");
    expect(second?.from).toBe('"Garden Club" <club@example.test>');

    await page.setViewportSize({ width: 375, height: 800 });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "email-settings-phone");
    // The refused save, and nothing else.
    expect(failures).toEqual([{ method: "PATCH", pathname: "/api/v2/config", status: 400 }]);
    expect(unexpectedErrors(problems.errors, failures)).toEqual([]);
  });

  it("sends through the SMTP server set here, keeps its password unshown, and says why a refused login failed", async () => {
    const page = await parley.newPage();
    await signInContext(page, parley.baseUrl, admin);
    const email = new EmailSettingsPage(page, parley.baseUrl);
    await email.goto();
    await waitForHydration(page);
    try {
      await email.field("Host").fill("127.0.0.1");
      await email.field("Port").fill(String(smtp.port));
      await email.field("Security").selectOption("none");
      await email.field("Username").fill("forum");
      await email.field("Password").fill("smtp-secret-1");
      await email.save();
      await email.status("Your changes have been saved.").waitFor();
      expect(await email.delivery.innerText()).toBe(`Mail is sent through the SMTP server 127.0.0.1:${smtp.port}.`);
      expect(await email.field("Password").inputValue()).toBe("");
      expect(await page.content()).not.toContain("smtp-secret-1");

      await email.sendTest("smtp-test@example.test");
      await email.status("The test e-mail has been sent to smtp-test@example.test.").waitFor();
      expect(smtp.received.map((mail) => [mail.to, mail.user])).toEqual([[["smtp-test@example.test"], "forum"]]);
      expect((await parley.readOutbox()).some((mail) => mail.to === "smtp-test@example.test")).toBe(false);
      await screenshot(page, "email-settings-smtp");

      // A wrong password: the server's refusal, in words, beside the test form.
      await email.field("Password").fill("wrong-secret");
      await email.save();
      await email.status("Your changes have been saved.").waitFor();
      await email.sendTest("refused@example.test");
      await email.alert(/^The test e-mail could not be sent: Invalid login/).waitFor();
      expect(smtp.received).toHaveLength(1);
    } finally {
      // The rest of the file's server sends to the outbox again.
      const api = await signInAdmin(parley.baseUrl);
      await api.patch("/config", { "smtp.host": "", "smtp.password": "", "smtp.user": "", "smtp.port": 0 });
    }
  });

  it("works without JavaScript: a test e-mail and a refused address", async () => {
    const page = await parley.newPage({ javaScriptEnabled: false });
    await signInContext(page, parley.baseUrl, admin);
    const email = new EmailSettingsPage(page, parley.baseUrl);
    expect((await email.goto()).status()).toBe(200);
    await email.sendTest("nojs-test@example.test");
    await email.status("The test e-mail has been sent to nojs-test@example.test.").waitFor();
    expect((await parley.readOutbox()).some((mail) => mail.to === "nojs-test@example.test")).toBe(true);
    await email.field("From Address").fill("club@localhost");
    await email.saveButton.click();
    await expect
      .poll(() => email.fieldError("From Address"))
      .toBe("outgoingEmails.supportAddress is not an e-mail address.");
  });

  it("is refused to a moderator, who has no link to it", async () => {
    const api = await signInAdmin(parley.baseUrl);
    const roles = await api.get<Array<{ roleID: number; name: string }>>("/roles");
    const moderator = newMember("mailmod");
    const moderatorID = await registerConfirmed(parley, moderator);
    await api.patch(`/users/${moderatorID}`, { roleID: [roles.find((role) => role.name === "Moderator")!.roleID] });
    const page = await parley.newPage();
    await signInContext(page, parley.baseUrl, moderator);
    const email = new EmailSettingsPage(page, parley.baseUrl);
    expect((await email.goto()).status()).toBe(403);
    expect(await email.heading.innerText()).toBe("Permission Problem");
    expect((await email.open("/dashboard")).status()).toBe(200);
    expect(await email.navLink("Outgoing Email").count()).toBe(0);
  });
});
