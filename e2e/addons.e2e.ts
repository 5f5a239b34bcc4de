import { describe, expect, it } from "vitest";
import { newMember, registerConfirmed, signInContext } from "./support/accounts.ts";
import { collectErrors, screenshot, seriousAxeViolations, waitForHydration } from "./support/browser.ts";
import { signInAdmin } from "./support/content.ts";
import { useParley } from "./support/parley.ts";
import { adminPassword } from "./support/server.ts";
import { AddonsPage } from "./pages/AddonsPage.ts";

const parley = useParley();
const admin = { name: "admin", password: adminPassword };

describe("add-ons at /dashboard/addons", () => {
  it("an administrator turns private messages off, the title bar loses them, and turns them on again", async () => {
    const page = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(page);
    await signInContext(page, parley.baseUrl, admin);
    const addons = new AddonsPage(page, parley.baseUrl);
    await addons.open("/dashboard");
    await waitForHydration(page);
    await addons.navLink("Addons").click();
    await addons.waitForPage("Addons");
    expect(await addons.names("Features")).toEqual([
      "Conversations",
      "Tagging",
      "Signatures",
      "Who's Online",
      "Q&A",
      "Ideation",
      "Polls",
      "Post Types",
      "Badges",
      "Ranks",
      "Embedding",
    ]);
    expect(await addons.state("English content")).toBe("Always on");
    expect(await addons.state("Conversations")).toBe("On");
    await addons.messagesButton.waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    await addons.turnOff("Conversations");
    await addons.status("“Conversations” is off.").waitFor();
    expect(await addons.state("Conversations")).toBe("Off");
    await addons.messagesButton.waitFor({ state: "detached" });
    const api = await signInAdmin(parley.baseUrl);
    expect(await api.get("/config?select=conversations.enabled")).toEqual({ "conversations.enabled": false });
    await screenshot(page, "addons");
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "addons-phone");
    await page.setViewportSize({ width: 1280, height: 800 });

    await addons.turnOn("Conversations");
    await addons.status("“Conversations” is on.").waitFor();
    await addons.messagesButton.waitFor();
    expect(await api.get("/config?select=conversations.enabled")).toEqual({ "conversations.enabled": true });
    expect(problems.errors).toEqual([]);
  });

  it("works without JavaScript: a content language on and off", async () => {
    const page = await parley.newPage({ javaScriptEnabled: false });
    await signInContext(page, parley.baseUrl, admin);
    const addons = new AddonsPage(page, parley.baseUrl);
    expect((await addons.goto()).status()).toBe(200);
    const french = "French content";
    expect(await addons.state(french)).toBe("Off");
    await addons.turnOn(french);
    await addons.status(`“${french}” is on.`).waitFor();
    expect(await addons.state(french)).toBe("On");
    const api = await signInAdmin(parley.baseUrl);
    expect(await api.get("/config?select=locales.enabled")).toEqual({ "locales.enabled": "en,fr" });
    await addons.turnOff(french);
    await addons.status(`“${french}” is off.`).waitFor();
    expect(await addons.state(french)).toBe("Off");
  });

  it("is refused to a moderator, who has no link to it", async () => {
    const api = await signInAdmin(parley.baseUrl);
    const roles = await api.get<Array<{ roleID: number; name: string }>>("/roles");
    const moderator = newMember("addonmod");
    const moderatorID = await registerConfirmed(parley, moderator);
    await api.patch(`/users/${moderatorID}`, { roleID: [roles.find((role) => role.name === "Moderator")!.roleID] });
    const page = await parley.newPage();
    await signInContext(page, parley.baseUrl, moderator);
    const addons = new AddonsPage(page, parley.baseUrl);
    expect((await addons.goto()).status()).toBe(403);
    expect(await addons.heading.innerText()).toBe("Permission Problem");
    expect((await addons.open("/dashboard")).status()).toBe(200);
    expect(await addons.navLink("Addons").count()).toBe(0);
  });
});
