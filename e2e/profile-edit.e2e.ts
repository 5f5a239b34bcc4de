import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { collectErrors, screenshot, seriousAxeViolations, waitForHydration } from "./support/browser.ts";
import { newMember, registerConfirmed, signInContext } from "./support/accounts.ts";
import { categoryID, createDiscussion, pathOf, signInApi } from "./support/content.ts";
import { useParley } from "./support/parley.ts";
import { ProfileEditPage } from "./pages/ProfileEditPage.ts";
import { TitleBarPage } from "./pages/TitleBarPage.ts";

const parley = useParley();

/** A real image, drawn by Chromium: the left half one colour, the right half another. */
async function image(format: "png" | "jpeg", width: number, height: number, left: string, right: string) {
  const canvas = await parley.newPage();
  const dataUrl = await canvas.evaluate(
    ({ type, width, height, left, right }) => {
      const element = document.createElement("canvas");
      element.width = width;
      element.height = height;
      const context = element.getContext("2d")!;
      context.fillStyle = right;
      context.fillRect(0, 0, width, height);
      context.fillStyle = left;
      context.fillRect(0, 0, width / 2, height);
      return element.toDataURL(type, 0.9);
    },
    { type: `image/${format}`, width, height, left, right },
  );
  await canvas.close();
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(",") + 1), "base64");
}

/** The member's photo address where it shows small (the title bar, lists, posts: the 80 px thumbnail). */
async function photoOf(page: Page): Promise<string> {
  const response = await page.request.get(`${parley.baseUrl}/api/v2/users/me`);
  return ((await response.json()) as { photoUrl: string }).photoUrl;
}

/** The member's photo at its full 290 px (the profile, the user card). */
async function fullPhotoOf(page: Page): Promise<string> {
  const response = await page.request.get(`${parley.baseUrl}/api/v2/users/$me`);
  return ((await response.json()) as { photoUrl: string }).photoUrl;
}

/** Every photo of the member on the page shows the address (and loaded). */
async function showsPhoto(view: TitleBarPage, photoUrl: string, where: "titleBar" | "main" | "userCard") {
  const scope = where === "titleBar" ? view.titleBar : where === "main" ? view.main : view.userCard;
  const image = scope.locator(`img[src="${photoUrl}"]`).first();
  await image.waitFor();
  await expect.poll(() => view.imageLoaded(image)).toBe(true);
}

describe("Editing one's profile (issue 29 item 1)", () => {
  it("uploads and crops a PNG and a JPEG, shown everywhere; removes it; edits the profile text", async () => {
    const member = newMember("photo");
    await registerConfirmed(parley, member);
    const api = await signInApi(parley.baseUrl, member.name, member.password);
    const discussion = await createDiscussion(api, {
      name: "A face to the name",
      body: "My photo should show here.",
      categoryID: await categoryID(api, "general"),
    });
    const page = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(page);
    await signInContext(page, parley.baseUrl, member);
    const edit = new ProfileEditPage(page, parley.baseUrl);
    const view = new TitleBarPage(page, parley.baseUrl);

    // Reached from one's own profile.
    expect((await edit.open(`/profile/${encodeURIComponent(member.name)}`)).status()).toBe(200);
    await waitForHydration(page);
    await edit.main.getByRole("link", { name: "Edit Profile", exact: true }).click();
    await edit.heading.filter({ hasText: "Edit Profile" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/profile/edit");
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "profile-edit-0-page-1280");

    // A PNG: read in the browser, shown in the crop box, moved with the keyboard and zoomed.
    await edit.choosePhoto({
      name: "me.png",
      mimeType: "image/png",
      buffer: await image("png", 600, 400, "#d00", "#00d"),
    });
    await edit.cropArea.waitFor();
    await expect.poll(async () => (await edit.cropFields()).size).not.toBeNull();
    await edit.zoom.fill("2");
    await edit.cropArea.focus();
    for (let step = 0; step < 10; step++) await page.keyboard.press("ArrowLeft");
    await expect.poll(async () => Number((await edit.cropFields()).size)).toBeLessThan(400);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "profile-edit-1-crop-1280");
    await edit.submitAndWait(edit.saveButton);
    await edit.statusMessage("Your profile has been saved.").waitFor();
    const png = await photoOf(page);
    expect(png).toMatch(/\/uploads\/\d{4}\/\d{2}\/[0-9a-f]{32}\.jpg$/);
    // The form shows the photo at its size; the title bar its 80 px thumbnail.
    await showsPhoto(view, await fullPhotoOf(page), "main");
    await showsPhoto(view, png, "titleBar");

    // A JPEG replaces it.
    await edit.choosePhoto({
      name: "me.jpg",
      mimeType: "image/jpeg",
      buffer: await image("jpeg", 400, 600, "#0a0", "#fa0"),
    });
    await edit.cropArea.waitFor();
    await expect.poll(async () => (await edit.cropFields()).size).not.toBeNull();
    await edit.submitAndWait(edit.saveButton);
    await edit.statusMessage("Your profile has been saved.").waitFor();
    const jpeg = await photoOf(page);
    expect(jpeg).not.toBe(png);
    expect((await page.request.get(png)).status()).toBe(404);
    await showsPhoto(view, jpeg, "titleBar");

    // Everywhere the member shows: the discussion list, their post, their user card.
    await view.open("/discussions");
    await showsPhoto(view, jpeg, "main");
    await view.open(pathOf(discussion.url));
    await showsPhoto(view, jpeg, "main");
    await waitForHydration(page);
    await view.main.getByRole("link", { name: member.name, exact: true }).first().click();
    await view.userCard.getByRole("link", { name: "View Profile" }).waitFor();
    const fullJpeg = await fullPhotoOf(page);
    expect(fullJpeg).not.toBe(jpeg);
    await showsPhoto(view, fullJpeg, "userCard");
    await page.keyboard.press("Escape");

    // Title, location and about, shown on the profile.
    await edit.goto();
    await waitForHydration(page);
    await edit.field("Title").fill("Head Gardener");
    await edit.field("Location").fill("Lisbon");
    await edit.field("About Me").fill("I **grow** tomatoes.");
    await edit.submitAndWait(edit.saveButton);
    await edit.statusMessage("Your profile has been saved.").waitFor();
    await edit.open(`/profile/${encodeURIComponent(member.name)}`);
    await edit.text("Head Gardener").waitFor();
    await edit.text("Lisbon").waitFor();
    expect(await edit.main.locator("strong", { hasText: "grow" }).count()).toBe(1);
    await screenshot(page, "profile-edit-2-profile-1280");

    // A refusal shows beside the photo field: an HTML file named .png.
    await edit.goto();
    await waitForHydration(page);
    await edit.choosePhoto({
      name: "evil.png",
      mimeType: "image/png",
      buffer: Buffer.from("<html><script>1</script>"),
    });
    await edit.submitAndWait(edit.saveButton);
    await expect.poll(() => edit.fieldError("Upload a new photo")).toBe("The uploaded file is not a valid image.");
    expect(await photoOf(page)).toBe(jpeg);

    // Removed: the letter avatar of their name, and the file is gone.
    await edit.goto();
    await waitForHydration(page);
    await edit.removePhoto.check();
    await edit.submitAndWait(edit.saveButton);
    await edit.statusMessage("Your profile has been saved.").waitFor();
    expect(await photoOf(page)).toMatch(/\/avatars\/letter\/\d+\/[A-Z0-9]\.svg$/);
    expect((await page.request.get(jpeg)).status()).toBe(404);

    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, "profile-edit-3-page-375");
    expect(problems.errors.filter((error) => !/status of (404|422)/.test(error))).toEqual([]);
  });

  it("works without JavaScript: the photo (a centred square) and the text fields in one form post", async () => {
    const member = newMember("nojsphoto");
    await registerConfirmed(parley, member);
    const page = await parley.newPage({ javaScriptEnabled: false });
    await signInContext(page, parley.baseUrl, member);
    const edit = new ProfileEditPage(page, parley.baseUrl);
    expect((await edit.goto()).status()).toBe(200);
    await edit.field("Location").fill("Porto");
    await edit.choosePhoto({
      name: "me.png",
      mimeType: "image/png",
      buffer: await image("png", 300, 200, "#d00", "#00d"),
    });
    await edit.submitAndWait(edit.saveButton);
    await edit.statusMessage("Your profile has been saved.").waitFor();
    const photo = await fullPhotoOf(page);
    expect(photo).toMatch(/\/uploads\/.+\.jpg$/);
    expect(await edit.field("Location").inputValue()).toBe("Porto");
    expect(await edit.currentPhoto.getAttribute("src")).toBe(photo);
    await screenshot(page, "profile-edit-4-no-js-1280");
  });
});
