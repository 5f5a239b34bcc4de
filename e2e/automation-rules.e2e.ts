import { describe, expect, it } from "vitest";
import { newMember, registerConfirmed, signInContext } from "./support/accounts.ts";
import { collectErrors, screenshot, seriousAxeViolations, waitForHydration } from "./support/browser.ts";
import { signInAdmin } from "./support/content.ts";
import { useParley } from "./support/parley.ts";
import { adminPassword } from "./support/server.ts";
import { AutomationRulesPage } from "./pages/AutomationRulesPage.ts";

const parley = useParley();
const admin = { name: "admin", password: adminPassword };

/** The demo community's discussions with no post for 15 days (its oldest are 19 to 29 days old). */
const idle = {
  trigger: { triggerType: "staleDiscussionTrigger", triggerValue: { triggerTimeDelay: { length: 15, unit: "day" } } },
  action: { actionType: "closeDiscussionAction", actionValue: {} },
};
type Preview = { count: number; records: Array<{ recordID: number; name: string }> };

describe("automation rules at /dashboard/automation-rules", () => {
  it("an administrator adds a rule closing idle discussions by keyboard, previews it, runs it and reads its log", async () => {
    const api = await signInAdmin(parley.baseUrl);
    const expected = await api.post<Preview>("/automation-rules/preview", idle);
    expect(expected.count).toBeGreaterThan(0);
    expect(expected.records.map((record) => record.name)).toContain("Community guidelines");

    const page = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(page);
    await signInContext(page, parley.baseUrl, admin);
    const rules = new AutomationRulesPage(page, parley.baseUrl);
    await rules.goto();
    await waitForHydration(page);
    await rules.waitForPage("Automation Rules");
    expect(await rules.navLink("Automation Rules").getAttribute("aria-current")).toBe("page");
    await rules.main.getByText("No rules yet. Add Rule sets one up.").waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    // The form by keyboard only: Name, then Tab through the trigger to the delay, and on to Preview.
    await rules.addLink.focus();
    await page.keyboard.press("Enter");
    await rules.waitForPage("Add an automation rule");
    await waitForHydration(page);
    await rules.field(/^Name/u).focus();
    await page.keyboard.type("Close idle threads");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => (document.activeElement as HTMLSelectElement).name)).toBe("triggerType");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).name)).toBe("delayLength");
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.type("15");
    // Unit (days), the categories (none: every one), their subcategories, the action (close), then Preview.
    for (let i = 0; i < 5; i++) await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Preview");
    await Promise.all([
      page.waitForResponse((response) => response.request().method() === "POST"),
      page.keyboard.press("Enter"),
    ]);
    await rules.previewList.waitFor();
    const listed = await rules.previewList.getByRole("link").allInnerTexts();
    expect(listed).toEqual(expected.records.map((record) => record.name));
    expect(await rules.previewList.getByRole("link").first().getAttribute("href")).toMatch(/\/discussion\/\d+/u);
    expect(await rules.field(/^Name/u).inputValue()).toBe("Close idle threads");
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "automation-rule-preview");

    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Add Rule");
    await Promise.all([
      page.waitForResponse((response) => response.request().method() === "POST"),
      page.keyboard.press("Enter"),
    ]);
    await rules.waitForPage("Close idle threads");
    await rules.status("The rule “Close idle threads” is added. It is inactive.").waitFor();
    await rules.main.getByText("The rule has not run yet.").waitFor();

    await rules.submitAndWait(rules.runButton);
    const total = String(expected.count);
    await rules.status(`The run is finished: ${total} of ${total} discussions changed, 0 failed.`).waitFor();
    const [run] = await rules.dispatches();
    expect(run?.slice(1)).toEqual(["Run now", "Done", total, total, "0", "—"]);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "automation-rule-dispatches");
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1280, height: 800 });

    // The discussions are closed, and the rule has nothing left to do.
    for (const record of expected.records) {
      expect((await api.get<{ closed: boolean }>(`/discussions/${record.recordID}`)).closed, record.name).toBe(true);
    }
    await rules.submitAndWait(rules.previewButton);
    await rules.main.getByText("Nothing matches this rule right now.").waitFor();

    await rules.goto();
    const row = rules.row("Close idle threads");
    const cells = await row.getByRole("cell").allInnerTexts();
    expect(cells.slice(0, 3)).toEqual(["Time since last activity", "Close the discussion", "Inactive"]);
    expect(cells[3]).not.toBe("Never");
    expect(problems.errors).toEqual([]);
  });

  it("an administrator adds an event rule: each new member gets a welcome e-mail", async () => {
    const page = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(page);
    await signInContext(page, parley.baseUrl, admin);
    const rules = new AutomationRulesPage(page, parley.baseUrl);
    await rules.open("/dashboard/automation-rules/add");
    await rules.waitForPage("Add an automation rule");
    await waitForHydration(page);
    await rules.field(/^Name/u).fill("Welcome members");
    await rules.field(/^Trigger type/u).selectOption("newUserTrigger");
    // A member is in no category, and the only action a new member takes is an e-mail.
    expect(
      await rules
        .form()
        .getByLabel(/^In these categories/u)
        .count(),
    ).toBe(0);
    expect(
      await rules
        .field(/^Action type/u)
        .locator("option")
        .allInnerTexts(),
    ).toEqual(["Send an e-mail to the author or member"]);
    await rules.field(/^E-mail subject/u).fill("Welcome to the community");
    await rules.field(/^E-mail text/u).fill("Glad you joined.\n\nSay hello in General Discussion.");
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "automation-rule-event");
    await rules.submitAndWait(rules.addButton);
    await rules.waitForPage("Welcome members");
    await rules.status("The rule “Welcome members” is added. It is inactive.").waitFor();
    expect(await rules.runButton.count()).toBe(0);
    const rulePath = new URL(page.url()).pathname;
    await rules.submitAndWait(rules.main.getByRole("button", { name: "Activate", exact: true }));
    await rules.main.getByRole("button", { name: "Deactivate", exact: true }).waitFor();

    const member = newMember("welcomed");
    await registerConfirmed(parley, member);
    const welcome = (await parley.readOutbox()).filter(
      (mail) => mail.to === member.email && mail.subject === "Welcome to the community",
    );
    expect(welcome).toHaveLength(1);
    expect(welcome[0]!.text).toContain("Say hello in General Discussion.");
    await rules.open(rulePath);
    const [run] = await rules.dispatches();
    expect(run?.slice(1, 6)).toEqual(["Automatic", "Done", "1", "1", "0"]);
    await rules.submitAndWait(rules.main.getByRole("button", { name: "Deactivate", exact: true }));
    expect(problems.errors).toEqual([]);
  });

  it("works without JavaScript: a preview is a plain form post", async () => {
    const page = await parley.newPage({ javaScriptEnabled: false });
    await signInContext(page, parley.baseUrl, admin);
    const rules = new AutomationRulesPage(page, parley.baseUrl);
    expect((await rules.open("/dashboard/automation-rules/add")).status()).toBe(200);
    await rules.field(/^Name/u).fill("Move old threads");
    await rules.field(/^No new post for/u).fill("1");
    await rules.field(/^Action type/u).selectOption("moveToCategoryAction");
    // Every type's fields show without JavaScript; a move without its category is refused beside "Move to".
    await rules.submitAndWait(rules.addButton);
    await rules.form().getByText("Choose the category to move the discussions to.").waitFor();
    expect(await rules.field(/^Name/u).inputValue()).toBe("Move old threads");
    await rules.field(/^Move to/u).selectOption({ label: "General Discussion" });
    await rules.submitAndWait(rules.previewButton);
    await rules.previewList.waitFor();
    expect(await rules.previewList.getByRole("link").count()).toBeGreaterThan(0);
  });

  it("refuses a member", async () => {
    const member = newMember("automember");
    await registerConfirmed(parley, member);
    const page = await parley.newPage();
    await signInContext(page, parley.baseUrl, member);
    const rules = new AutomationRulesPage(page, parley.baseUrl);
    for (const path of ["/dashboard/automation-rules", "/dashboard/automation-rules/add"]) {
      expect((await rules.open(path)).status(), path).toBe(403);
      expect(await rules.heading.innerText()).toBe("Permission Problem");
    }
  });
});
