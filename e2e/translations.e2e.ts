import { describe, expect, it } from "vitest";
import { collectErrors, screenshot, seriousAxeViolations, waitForHydration } from "./support/browser.ts";
import { signInContext } from "./support/accounts.ts";
import { signInAdmin } from "./support/content.ts";
import { useParley } from "./support/parley.ts";
import { adminPassword } from "./support/server.ts";
import { LanguagePickerPage } from "./pages/LanguagePickerPage.ts";
import { CategoryPage } from "./pages/CategoryPage.ts";
import { SettingsPage } from "./pages/SettingsPage.ts";
import { ContentTranslator } from "./pages/ContentTranslator.ts";

const parley = useParley();

describe("content translations", () => {
  it("an administrator translates a category's name by keyboard, and readers see it in that locale", async () => {
    const admin = await signInAdmin(parley.baseUrl);
    const source = await admin.get<{ name: string }>("/categories/$urlcode:general");

    const page = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(page);
    await signInContext(page, parley.baseUrl, { name: "admin", password: adminPassword });

    // French becomes a content language on the settings page (English is always one).
    const settings = new SettingsPage(page, parley.baseUrl);
    expect((await settings.goto()).status()).toBe(200);
    expect(await settings.feature("English").isDisabled()).toBe(true);
    await settings.feature("French").check();
    await settings.saveButton.click();
    await settings.saved.waitFor();
    expect(await settings.feature("French").isChecked()).toBe(true);

    const category = new CategoryPage(page, parley.baseUrl);
    expect((await category.goto("general")).status()).toBe(200);
    await waitForHydration(page);

    // Reach the translate icon with Tab from the breadcrumb's last link, and open it with Enter.
    const button = category.translateButton(source.name);
    await category.breadcrumbs.getByRole("link", { name: "Categories" }).focus();
    const isFocused = () => button.evaluate((element) => element === document.activeElement);
    for (let presses = 0; presses < 5 && !(await isFocused()); presses++) await page.keyboard.press("Tab");
    expect(await isFocused()).toBe(true);
    await page.keyboard.press("Enter");
    const translator = new ContentTranslator(page, `Translate ${source.name}`);
    await translator.dialog.waitFor();
    // The source locale is not offered: French is the only choice.
    expect(await translator.locale.locator("option").allInnerTexts()).toEqual(["French"]);
    await translator.dialog.getByText(source.name, { exact: true }).waitFor();
    await translator.field("Name").waitFor();
    expect(await translator.dialog.getByText("Not translated").count()).toBe(2);
    expect(await translator.field("Name").getAttribute("maxlength")).toBe("255");

    await translator.field("Name").focus();
    await page.keyboard.type("Généralités");
    await translator.dialog.getByText("Unsaved changes").waitFor();
    expect(await translator.dialog.getByText("Not translated").count()).toBe(1);
    await screenshot(page, "content-translator");
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Escape with an unsaved edit asks first; going back keeps the edit.
    await page.keyboard.press("Escape");
    await translator.unsavedChanges.waitFor();
    expect(await translator.unsavedChanges.innerText()).toContain(
      "You have unsaved changes and your work will be lost. Are you sure you want to continue without saving?",
    );
    await translator.unsavedChanges.getByRole("button", { name: "Cancel" }).focus();
    await page.keyboard.press("Enter");
    await translator.unsavedChanges.waitFor({ state: "detached" });
    expect(await translator.field("Name").inputValue()).toBe("Généralités");

    // Save from the keyboard.
    await translator.saveButton.focus();
    await page.keyboard.press("Enter");
    await translator.dialog.getByText("Translations saved.").waitFor();
    expect(await translator.dialog.getByText("Unsaved changes").count()).toBe(0);
    await page.keyboard.press("Escape");
    await translator.dialog.waitFor({ state: "detached" });
    // Focus goes back to the icon that opened it (React Aria restores it once the dialog has gone).
    await expect.poll(isFocused, { timeout: 3_000 }).toBe(true);

    // The reader's language (interface and content): the footer's picker, then the page in French.
    await new LanguagePickerPage(page, parley.baseUrl).choose("Français");
    await category.pageHeading.filter({ hasText: "Généralités" }).waitFor();
    await waitForHydration(page);
    expect(await page.title()).toContain("Généralités");
    expect(await seriousAxeViolations(page)).toEqual([]);

    // A guest without the choice reads it as written.
    const guest = await parley.newPage();
    const guestCategory = new CategoryPage(guest, parley.baseUrl);
    await guestCategory.goto("general");
    expect(await guestCategory.pageHeading.innerText()).toBe(source.name);
    // Only site managers are offered the translator.
    expect(await guestCategory.translateButtons.count()).toBe(0);
    expect(problems.errors).toEqual([]);
  });
});
