import { describe, expect, it } from "vitest";
import { newMember, registerConfirmed, signInContext } from "./support/accounts.ts";
import { collectErrors, screenshot, seriousAxeViolations, waitForHydration } from "./support/browser.ts";
import { categoryID, createDiscussion, pathOf, signInAdmin, signInApi } from "./support/content.ts";
import { useParley } from "./support/parley.ts";
import { adminPassword } from "./support/server.ts";
import { ProfileEditFieldsPage, ProfileFieldsDashboardPage, ProfileFieldsView } from "./pages/ProfileFieldsPages.ts";

const parley = useParley();
const admin = { name: "admin", password: adminPassword };

describe("custom profile fields (issue 29)", () => {
  it("an admin defines fields; a member fills them in; another sees the public one on the profile and card, not the private one", async () => {
    const page = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(page);
    await signInContext(page, parley.baseUrl, admin);

    // The administrator adds a public dropdown shown on user cards, and a private text field.
    const dashboard = new ProfileFieldsDashboardPage(page, parley.baseUrl);
    expect((await dashboard.goto()).status()).toBe(200);
    await waitForHydration(page);
    expect(await dashboard.linkNames()).toContain("Profile Fields");
    await dashboard.submitAndWait(
      await dashboard.fillNewField({
        label: "Favourite colour",
        apiName: "colour",
        type: "Dropdown",
        options: ["Red", "Green", "Blue"],
        visibility: "Public: everyone who may view profiles",
        userCards: true,
      }),
    );
    await dashboard.statusMessage("“Favourite colour” has been saved.").waitFor();
    await dashboard.submitAndWait(
      await dashboard.fillNewField({
        label: "Phone number",
        apiName: "phone",
        type: "Text",
        visibility: "Private: the member and staff with personalInfo.view",
      }),
    );
    await dashboard.statusMessage("“Phone number” has been saved.").waitFor();
    expect(await dashboard.labels()).toEqual(["Favourite colour", "Phone number"]);
    // The order changes with Move up.
    await dashboard.submitAndWait(dashboard.button("Phone number", "Move “Phone number” up"));
    // The list is read until the move shows (on a slow machine the first read can come before it).
    await expect.poll(() => dashboard.labels()).toEqual(["Phone number", "Favourite colour"]);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(page, "profile-fields-0-dashboard-1280");
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, "profile-fields-1-dashboard-375");
    await page.setViewportSize({ width: 1280, height: 900 });

    // A number field, made through the API, to see a refusal beside its field.
    await (
      await signInAdmin(parley.baseUrl)
    ).post("/profile-fields", {
      apiName: "lucky",
      label: "Lucky number",
      dataType: "number",
      formType: "number",
      visibility: "public",
    });

    // A member fills them in on /profile/edit: one Save saves them with the rest of the profile.
    const filler = newMember("fields");
    await registerConfirmed(parley, filler);
    const fillerApi = await signInApi(parley.baseUrl, filler.name, filler.password);
    const mine = await parley.newPage({ bypassCSP: true });
    const mineProblems = collectErrors(mine);
    await signInContext(mine, parley.baseUrl, filler);
    const edit = new ProfileEditFieldsPage(mine, parley.baseUrl);
    expect((await edit.goto()).status()).toBe(200);
    await waitForHydration(mine);
    await edit.field("Favourite colour").selectOption("Green");
    await edit.field("Phone number").fill("555-0199");
    await edit.field("Lucky number").fill("seven");
    await edit.main.getByLabel("Location", { exact: true }).fill("Lyon");
    await edit.submitAndWait(edit.saveButton);
    // Refused: the error beside its field, what was typed kept, nothing of the form saved.
    await expect.poll(() => edit.fieldError("Lucky number")).toBe("Lucky number must be a number.");
    expect(await edit.field("Favourite colour").inputValue()).toBe("Green");
    expect(await seriousAxeViolations(mine)).toEqual([]);
    await screenshot(mine, "profile-fields-2-edit-refused-1280");
    expect(await fillerApi.get(`/users/${fillerApi.userID}/profile-fields`)).toMatchObject({ colour: null });
    await edit.field("Lucky number").fill("7");
    await edit.submitAndWait(edit.saveButton);
    await edit.statusMessage("Your profile has been saved.").waitFor();
    expect(await fillerApi.get(`/users/${fillerApi.userID}/profile-fields`)).toEqual({
      colour: "Green",
      phone: "555-0199",
      lucky: 7,
    });
    expect(await edit.field("Phone number").inputValue()).toBe("555-0199");

    const discussion = await createDiscussion(fillerApi, {
      name: `Colours ${filler.name}`,
      body: "Which colour do you like?",
      categoryID: await categoryID(fillerApi, "general"),
    });

    // Another member sees the public field on the profile and on the user card, never the private one.
    const viewer = newMember("viewer");
    await registerConfirmed(parley, viewer);
    const other = await parley.newPage({ bypassCSP: true });
    const otherProblems = collectErrors(other);
    await signInContext(other, parley.baseUrl, viewer);
    const view = new ProfileFieldsView(other, parley.baseUrl);
    expect((await view.goto(filler.name)).status()).toBe(200);
    await waitForHydration(other);
    expect(await view.profileValues.innerText()).toContain("Favourite colour");
    expect(await view.profileValues.innerText()).toContain("Green");
    expect(await view.main.innerText()).not.toContain("555-0199");
    expect(await view.main.innerText()).not.toContain("Phone number");
    expect(await seriousAxeViolations(other)).toEqual([]);
    await screenshot(other, "profile-fields-3-profile-1280");

    expect((await view.open(pathOf(discussion.url))).status()).toBe(200);
    await waitForHydration(other);
    await view.main.getByRole("link", { name: filler.name, exact: true }).first().click();
    await view.cardValues.waitFor();
    expect(await view.cardValues.innerText()).toContain("Favourite colour");
    expect(await view.cardValues.innerText()).toContain("Green");
    expect(await view.userCard.innerText()).not.toContain("555-0199");
    expect(await seriousAxeViolations(other)).toEqual([]);
    await screenshot(other, "profile-fields-4-user-card-1280");

    // The member sees their own private value on their profile.
    expect((await dashboard.goto()).status()).toBe(200);
    const own = await parley.newPage({ bypassCSP: true });
    await signInContext(own, parley.baseUrl, filler);
    const ownView = new ProfileFieldsView(own, parley.baseUrl);
    expect((await ownView.goto(filler.name)).status()).toBe(200);
    expect(await ownView.profileValues.innerText()).toContain("555-0199");

    expect(problems.errors).toEqual([]);
    expect(otherProblems.errors).toEqual([]);
    // The refused save answered 422 (the page's own post), which the browser logs; nothing else.
    expect(mineProblems.errors.filter((error) => !error.includes("422"))).toEqual([]);
  });

  it("works without JavaScript: the dashboard's forms add a field and turn it off", async () => {
    const page = await parley.newPage({ javaScriptEnabled: false });
    await signInContext(page, parley.baseUrl, admin);
    const dashboard = new ProfileFieldsDashboardPage(page, parley.baseUrl);
    expect((await dashboard.goto()).status()).toBe(200);
    await dashboard.submitAndWait(
      await dashboard.fillNewField({
        label: "Shoe size",
        apiName: "shoeSize",
        type: "Number",
        visibility: "Members: signed-in members",
      }),
    );
    await dashboard.row("Shoe size").waitFor();
    await dashboard.submitAndWait(dashboard.button("Shoe size", "Turn off “Shoe size”"));
    await dashboard.button("Shoe size", "Turn on “Shoe size”").waitFor();
    // A second field with the same API name is refused, what was typed kept.
    await dashboard.submitAndWait(
      await dashboard.fillNewField({
        label: "Again",
        apiName: "shoeSize",
        type: "Text",
        visibility: "Members: signed-in members",
      }),
    );
    await dashboard.alertMessage("A profile field with this API name already exists.").waitFor();
    await dashboard.submitAndWait(dashboard.button("Shoe size", "Delete “Shoe size”"));
    await dashboard.submitAndWait(dashboard.button("Shoe size", "Yes, delete “Shoe size”"));
    await dashboard.statusMessage("“Shoe size” has been deleted.").waitFor();
    expect(await dashboard.row("Shoe size").count()).toBe(0);
  });
});
