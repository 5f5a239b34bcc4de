import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { newMember, registerConfirmed, signInContext } from "./support/accounts.ts";
import { collectErrors, screenshot, seriousAxeViolations, waitForHydration } from "./support/browser.ts";
import { signInAdmin } from "./support/content.ts";
import { useParley } from "./support/parley.ts";
import { adminPassword } from "./support/server.ts";
import { FragmentsPages } from "./pages/FragmentsPages.ts";

const parley = useParley();
const admin = { name: "admin", password: adminPassword };

/** A greeting as tall as its props say: the frame's height must follow it. */
const code = (greeting: string) =>
  `const box = document.createElement("p"); box.textContent = "${greeting}, " + fragment.props.name; ` +
  `box.style.height = fragment.props.tall + "px"; fragment.root.append(box);`;

/** Replaces a field's text by keyboard: select all, then type. */
async function retype(page: Page, field: Locator, text: string): Promise<void> {
  await field.focus();
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.press("Delete");
  await page.keyboard.type(text);
}

/** Presses Enter on the focused control and waits for the API write it makes and the page it leads to. */
async function submitFocused(page: Page, url: RegExp): Promise<void> {
  await Promise.all([
    page.waitForResponse((response) => response.request().method() !== "GET"),
    page.keyboard.press("Enter"),
  ]);
  await page.waitForURL(url);
}

/** Waits until a frame is laid out within `slack` pixels of `height`. */
async function waitForHeight(frame: Locator, height: number, slack = 24): Promise<number> {
  await expect.poll(() => FragmentsPages.height(frame), { timeout: 10_000 }).toBeGreaterThanOrEqual(height);
  await expect.poll(() => FragmentsPages.height(frame), { timeout: 10_000 }).toBeLessThanOrEqual(height + slack);
  return FragmentsPages.height(frame);
}

describe("the fragment editor at /dashboard/fragments", () => {
  it("an administrator accepts the disclosure, writes a fragment by keyboard, previews, commits and restores it", async () => {
    const page = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(page);
    await signInContext(page, parley.baseUrl, admin);
    const editor = new FragmentsPages(page, parley.baseUrl);
    await editor.goto();
    await waitForHydration(page);
    await editor.waitForPage("Fragments");
    expect(await editor.navLink("Fragments").getAttribute("aria-current")).toBe("page");
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Add fragment, by keyboard; the disclosure first.
    await editor.addLink.focus();
    await page.keyboard.press("Enter");
    await editor.waitForPage("Add fragment");
    await editor.disclosure.waitFor();
    expect(await editor.codeForm.count()).toBe(0);
    expect(await editor.disclosure.innerText()).toContain("I understand that a fragment's code runs");
    expect(await seriousAxeViolations(page)).toEqual([]);
    await editor.acceptButton.focus();
    await submitFocused(page, /\/dashboard\/fragments\/add$/u);
    await editor.codeForm.waitFor();

    await retype(page, editor.field(/^Name/u), "Greeting card");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).name)).toBe("fragmentType");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => (document.activeElement as HTMLTextAreaElement).name)).toBe("js");
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.type(code("Hello"));
    await page.keyboard.press("Tab");
    await page.keyboard.type("p { color: rebeccapurple; margin: 0; font: 600 20px sans-serif; }");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => (document.activeElement as HTMLTextAreaElement).name)).toBe("previewData");
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.type('{"name": "gardeners", "tall": 600}');
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Preview");
    await submitFocused(page, /\/dashboard\/fragments\/[0-9a-f-]{36}\?saved=preview$/u);
    await editor.waitForPage("Greeting card");
    await editor.alert("The draft is saved: the preview shows it.").waitFor();
    expect(await editor.status.innerText()).toBe("Draft");

    // The draft's frame: sandboxed, it runs the draft with the preview data, and takes its content's height.
    expect(await editor.previewFrame.getAttribute("sandbox")).toBe("allow-scripts");
    await editor.preview.getByText("Hello, gardeners").waitFor();
    expect(await waitForHeight(editor.previewFrame, 600)).toBeGreaterThan(300);
    await retype(page, editor.field(/^Preview data/u), '{"name": "gardeners", "tall": 120}');
    await editor.previewButton.focus();
    await submitFocused(page, /\?saved=preview$/u);
    await editor.preview.getByText("Hello, gardeners").waitFor();
    await waitForHeight(editor.previewFrame, 120);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Commit it: the dialog asks for a message.
    await editor.commitLink.focus();
    await page.keyboard.press("Enter");
    await editor.commitDialog.waitFor();
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).name)).toBe("commitMessage");
    await page.keyboard.type("First version");
    await page.keyboard.press("Tab");
    await page.keyboard.type("Says hello.");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Commit");
    await submitFocused(page, /\?committed=1$/u);
    await editor.alert("Committed").waitFor();
    expect(await editor.status.innerText()).toBe("Active");

    // A second version, saved as a draft and committed.
    await retype(page, editor.field(/^JavaScript/u), code("Welcome"));
    await editor.saveButton.focus();
    await submitFocused(page, /\?saved=draft$/u);
    await editor.preview.getByText("Welcome, gardeners").waitFor();
    await editor.commitLink.click();
    await editor.commitDialog.getByLabel(/^Commit message/u).fill("Second version");
    await editor.commitButton.click();
    await page.waitForURL(/\?committed=1$/u);
    await editor.alert("Committed").waitFor();
    const revisions = await editor.revisions();
    expect(revisions.map((row) => row.slice(1, 3))).toEqual([
      ["Active", "Second version"],
      ["Past revision", "First version"],
    ]);

    // Placed on a page through the API, it is listed as applied there.
    const api = await signInAdmin(parley.baseUrl);
    const fragmentUUID = /\/dashboard\/fragments\/([0-9a-f-]{36})/u.exec(page.url())![1]!;
    await api.post("/custom-pages", {
      seoTitle: "Greeting page",
      seoDescription: "A page with a fragment.",
      urlcode: "/greeting-page",
      status: "published",
      layoutData: {
        layout: [
          {
            $reactComponent: "react.section.1-column",
            $reactProps: {
              children: [
                {
                  $reactComponent: "react.customFragment",
                  $reactProps: {
                    fragmentImpl: { fragmentUUID },
                    title: "Greeting",
                    props: { name: "readers", tall: 700 },
                  },
                },
              ],
            },
          },
        ],
      },
    });
    expect(await api.get<{ isApplied: boolean }>(`/fragments/${fragmentUUID}`)).toMatchObject({ isApplied: true });
    await editor.goto();
    await editor.waitForPage("Fragments");
    expect(await editor.row("Greeting card")).toEqual([
      "Greeting card",
      "CustomFragment",
      "Active",
      "Greeting page",
      expect.any(String),
      expect.any(String),
    ]);

    // Restore the first version: its code becomes the draft, and the preview shows it.
    await editor.fragmentLink("Greeting card").click();
    await editor.waitForPage("Greeting card");
    await editor.restoreButton("First version").focus();
    await submitFocused(page, /\?restored=First%20version$/u);
    await editor.alert("The revision “First version” is now the draft.").waitFor();
    expect(await editor.status.innerText()).toBe("Draft");
    expect(await editor.field(/^JavaScript/u).inputValue()).toContain('"Hello, "');
    await editor.preview.getByText("Hello, gardeners").waitFor();
    expect((await editor.revisions()).map((row) => row.slice(1, 3))).toEqual([
      ["Draft", "(not committed)"],
      ["Active", "Second version"],
      ["Past revision", "First version"],
    ]);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 1000 });
    await screenshot(page, "fragments-editor-1280");
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, "fragments-editor-375");

    // On the page that places it (the active revision, "Welcome"), the frame takes its content's height too.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${parley.baseUrl}/greeting-page`);
    await waitForHydration(page);
    const placed = editor.placedFragment("Greeting");
    await placed.content.getByText("Welcome, readers").waitFor();
    await waitForHeight(placed.frame, 700);
    await screenshot(page, "fragments-placed-page-1280");
    expect(problems.errors).toEqual([]);
  });

  it("works without JavaScript: the forms post and redirect", async () => {
    const page = await parley.newPage({ javaScriptEnabled: false });
    await signInContext(page, parley.baseUrl, admin);
    const editor = new FragmentsPages(page, parley.baseUrl);
    await editor.open("/dashboard/fragments/add");
    // The administrator accepted the disclosure above: it is kept.
    await editor.codeForm.waitFor();
    await editor.field(/^Name/u).fill("Plain card");
    await editor.field(/^Preview data/u).fill("not json");
    await editor.saveButton.click();
    await editor.codeForm.getByText("Preview data is not valid JSON.").waitFor();
    expect(await editor.field(/^Name/u).inputValue()).toBe("Plain card");
    await editor.field(/^Preview data/u).fill('{"name": "plain", "tall": 60}');
    await editor.saveButton.click();
    await page.waitForURL(/\/dashboard\/fragments\/[0-9a-f-]{36}\?saved=draft$/u);
    await editor.waitForPage("Plain card");
    await editor.commitLink.click();
    await editor.commitDialog.getByLabel(/^Commit message/u).fill("Plain");
    await editor.commitButton.click();
    await page.waitForURL(/\?committed=1$/u);
    expect(await editor.status.innerText()).toBe("Active");
  });

  it("refuses a member", async () => {
    const member = newMember("fragmember");
    await registerConfirmed(parley, member);
    const page = await parley.newPage();
    await signInContext(page, parley.baseUrl, member);
    const editor = new FragmentsPages(page, parley.baseUrl);
    for (const path of ["/dashboard/fragments", "/dashboard/fragments/add"])
      expect((await editor.open(path)).status(), path).toBe(403);
    expect(await editor.codeForm.count()).toBe(0);
  });
});
