import { describe, expect, it } from "vitest";
import { newMember, registerConfirmed, signInContext } from "./support/accounts.ts";
import { collectErrors, screenshot, seriousAxeViolations, waitForHydration } from "./support/browser.ts";
import { signInAdmin } from "./support/content.ts";
import { useParley } from "./support/parley.ts";
import { adminPassword } from "./support/server.ts";
import { KnowledgeDashboardPage } from "./pages/KnowledgeDashboardPage.ts";
import { KnowledgePages } from "./pages/KnowledgePages.ts";

const parley = useParley();
const admin = { name: "admin", password: adminPassword };
const unique = () => Math.random().toString(36).slice(2, 8);

interface BaseRecord {
  knowledgeBaseID: number;
  name: string;
  urlCode: string;
  rootCategoryID: number;
  status: string;
}

describe("knowledge bases at /dashboard/knowledge", () => {
  it("an administrator adds a base, orders its categories as readers then see them, and deletes one after asking", async () => {
    const page = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(page);
    await signInContext(page, parley.baseUrl, admin);
    const dashboard = new KnowledgeDashboardPage(page, parley.baseUrl);
    await dashboard.open("/dashboard");
    await waitForHydration(page);
    await dashboard.navLink("Knowledge Bases").click();
    await dashboard.waitForPage("Knowledge Bases");
    expect(await dashboard.columns()).toEqual(["Name", "URL code", "Type", "Articles", "Categories", "Status"]);
    expect(await dashboard.cells("Help Center")).toEqual([
      "help-center",
      "Help Center",
      expect.any(String),
      expect.any(String),
      "Published",
    ]);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "knowledge-dashboard");
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, "knowledge-dashboard-375");
    await page.setViewportSize({ width: 1280, height: 800 });

    // A url code already taken is refused beside its field; the values stay.
    await dashboard.main.getByRole("link", { name: "Add Knowledge Base" }).click();
    await dashboard.waitForPage("Add Knowledge Base");
    const urlCode = `travel-${unique()}`;
    await dashboard.add({ name: "Travel Guide", urlCode: "help-center", description: "Before you go." });
    await expect.poll(() => dashboard.fieldError("URL code")).toMatch(/already in use/);
    expect(await dashboard.main.getByLabel("Name", { exact: true }).inputValue()).toBe("Travel Guide");
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "knowledge-dashboard-add-refused");

    await dashboard.add({ urlCode });
    await dashboard.waitForPage("Travel Guide");
    await dashboard.status("“Travel Guide” has been added.").waitFor();
    const api = await signInAdmin(parley.baseUrl);
    const base = (await api.get<BaseRecord[]>("/knowledge-bases")).find((candidate) => candidate.urlCode === urlCode)!;
    expect(base.name).toBe("Travel Guide");

    // Two categories, listed by name until ordered by hand.
    await dashboard.addCategory("Packing");
    await dashboard.status("“Packing” has been added.").waitFor();
    await dashboard.addCategory("Arrival");
    await dashboard.status("“Arrival” has been added.").waitFor();
    await dashboard.addCategory("Visas", "— Arrival");
    await dashboard.status("“Visas” has been added.").waitFor();
    expect(await dashboard.categoryNames()).toEqual(["Arrival", "Visas", "Packing"]);
    await dashboard.move("Packing", "up");
    await dashboard.status("“Packing” has been moved up.").waitFor();
    expect(await dashboard.categoryNames()).toEqual(["Packing", "Arrival", "Visas"]);
    await dashboard.rename("Arrival", "On Arrival");
    await dashboard.status("“On Arrival” has been saved.").waitFor();
    expect(await dashboard.panel("Categories").getByLabel("Category name").inputValue()).toBe("");
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, "knowledge-dashboard-edit");
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, "knowledge-dashboard-edit-375");
    await page.setViewportSize({ width: 1280, height: 800 });

    // The readers see the base and its categories in that order.
    const readers = new KnowledgePages(page, parley.baseUrl);
    await readers.gotoBases();
    await readers.baseLink("Travel Guide").waitFor();
    await readers.gotoBase(urlCode);
    expect(await readers.main.getByRole("heading", { level: 2 }).allInnerTexts()).toEqual(["Packing", "On Arrival"]);

    // A category with articles is refused; an empty one is deleted after asking.
    const categories = await api.get<Array<{ knowledgeCategoryID: number; name: string }>>(
      `/knowledge-categories?knowledgeBaseID=${base.knowledgeBaseID}`,
    );
    const packing = categories.find((category) => category.name === "Packing")!;
    await api.post("/articles", {
      knowledgeCategoryID: packing.knowledgeCategoryID,
      name: "What to pack",
      body: "Less than you think.",
      format: "markdown",
    });
    await dashboard.gotoBase(base.knowledgeBaseID);
    await waitForHydration(page);
    await dashboard.askDeleteCategory("Packing");
    await dashboard.confirmation.waitFor();
    await dashboard.confirm();
    await dashboard.alert("This category still has articles.").waitFor();
    await dashboard.askDeleteCategory("Visas");
    await dashboard.confirmation.getByText("Delete “Visas”?").waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await dashboard.confirm();
    await dashboard.status("“Visas” has been deleted.").waitFor();
    expect(await dashboard.categoryNames()).toEqual(["Packing", "On Arrival"]);

    // A base with articles is not deleted: the API's refusal shows.
    await dashboard.askDelete("Travel Guide");
    await dashboard.confirm();
    await dashboard.alert("This knowledge base still has articles.").waitFor();
    // The three refusals above, as the browser logs them; nothing else.
    expect(problems.errors).toEqual([
      expect.stringMatching(/status of 422 .*\/api\/v2\/knowledge-bases:/),
      expect.stringMatching(/status of 409 .*\/api\/v2\/knowledge-categories\/\d+:/),
      expect.stringMatching(/status of 409 .*\/api\/v2\/knowledge-bases\/\d+:/),
    ]);
  });

  it("works without JavaScript: a base added, changed, and deleted after asking", async () => {
    const page = await parley.newPage({ javaScriptEnabled: false });
    await signInContext(page, parley.baseUrl, admin);
    const dashboard = new KnowledgeDashboardPage(page, parley.baseUrl);
    expect((await dashboard.gotoAdd()).status()).toBe(200);
    const urlCode = `nojs-${unique()}`;
    await dashboard.add({ name: "Plain Manual", urlCode, type: "Guide" });
    await dashboard.waitForPage("Plain Manual");
    await dashboard.status("“Plain Manual” has been added.").waitFor();
    await dashboard.save({ name: "Plain Handbook", urlCode: "Not A Code" });
    await expect.poll(() => dashboard.fieldError("URL code")).not.toBe("");
    await dashboard.save({ name: "Plain Handbook", urlCode });
    await dashboard.status("The knowledge base has been saved.").waitFor();
    await dashboard.waitForPage("Plain Handbook");
    await dashboard.addCategory("Chapter One");
    await dashboard.status("“Chapter One” has been added.").waitFor();
    await dashboard.askDeleteCategory("Chapter One");
    await dashboard.confirm();
    await dashboard.status("“Chapter One” has been deleted.").waitFor();

    // Deleted by its status: hidden from readers, still listed here.
    await dashboard.save({ status: "Deleted" });
    await dashboard.status("The knowledge base has been saved.").waitFor();
    await dashboard.goto();
    expect(await dashboard.cells("Plain Handbook")).toEqual([urlCode, "Guide", "0", "0", "Deleted"]);
    const readers = new KnowledgePages(page, parley.baseUrl);
    expect((await readers.gotoBase(urlCode)).status()).toBe(404);
    await dashboard.goto();
    await dashboard.edit("Plain Handbook");
    await dashboard.askDelete("Plain Handbook");
    await dashboard.confirmation.waitFor();
    await dashboard.confirm();
    await dashboard.waitForPage("Knowledge Bases");
    await dashboard.status("“Plain Handbook” has been deleted.").waitFor();
    const api = await signInAdmin(parley.baseUrl);
    const bases = await api.get<BaseRecord[]>("/knowledge-bases");
    expect(bases.some((base) => base.urlCode === urlCode)).toBe(false);
  });

  it("is refused to a moderator, who has no link to it", async () => {
    const api = await signInAdmin(parley.baseUrl);
    const roles = await api.get<Array<{ roleID: number; name: string }>>("/roles");
    const moderator = newMember("kbmod");
    const moderatorID = await registerConfirmed(parley, moderator);
    await api.patch(`/users/${moderatorID}`, { roleID: [roles.find((role) => role.name === "Moderator")!.roleID] });
    const page = await parley.newPage();
    await signInContext(page, parley.baseUrl, moderator);
    const dashboard = new KnowledgeDashboardPage(page, parley.baseUrl);
    expect((await dashboard.goto()).status()).toBe(403);
    expect(await dashboard.heading.innerText()).toBe("Permission Problem");
    expect((await dashboard.gotoAdd()).status()).toBe(403);
    const [firstBase] = await api.get<BaseRecord[]>("/knowledge-bases");
    expect((await dashboard.gotoBase(firstBase!.knowledgeBaseID)).status()).toBe(403);
    expect((await dashboard.open("/dashboard")).status()).toBe(200);
    expect(await dashboard.navLink("Knowledge Bases").count()).toBe(0);
  });
});
