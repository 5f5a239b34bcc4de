import { describe, expect, it } from "vitest";
import { newMember, registerConfirmed, signInContext } from "./support/accounts.ts";
import { collectErrors, screenshot, seriousAxeViolations, waitForHydration } from "./support/browser.ts";
import { categoryID, createDiscussion, signInAdmin, type ApiSession } from "./support/content.ts";
import { useParley } from "./support/parley.ts";
import { adminPassword } from "./support/server.ts";
import { TagsPage } from "./pages/TagsPage.ts";

const parley = useParley();
const admin = { name: "admin", password: adminPassword };

interface TagRecord {
  tagID: number;
  name: string;
  countDiscussions: number;
}

/** A discussion in General tagged with the named tags (through the API, as a member's post would be). */
async function taggedDiscussion(api: ApiSession, name: string, tagIDs: number[]) {
  const discussion = await createDiscussion(api, {
    name,
    body: "Tagged for the dashboard.",
    categoryID: await categoryID(api, "general"),
  });
  const tagged = await api.send("PUT", `/discussions/${discussion.discussionID}/tags`, { tagIDs });
  expect(tagged.status).toBe(200);
  return discussion.discussionID;
}

const tagsOf = async (api: ApiSession, discussionID: number) =>
  (await api.get<{ tags: Array<{ name: string }> }>(`/discussions/${discussionID}?expand=tags`)).tags.map(
    (tag) => tag.name,
  );

describe("tags at /dashboard/tags", () => {
  it("an administrator adds tags, merges one into another after confirming, and deletes an unused one", async () => {
    const page = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(page);
    await signInContext(page, parley.baseUrl, admin);
    const api = await signInAdmin(parley.baseUrl);
    const tags = new TagsPage(page, parley.baseUrl);
    await tags.goto();
    await waitForHydration(page);
    await tags.navLink("Tags").waitFor();
    await tags.add("Climbing Roses");
    await tags.status("The tag “Climbing Roses” has been added.").waitFor();
    await tags.add("Climbing Rose");
    await tags.status("The tag “Climbing Rose” has been added.").waitFor();
    const made = await api.get<TagRecord[]>("/tags?query=climbing&limit=10");
    const id = (name: string) => made.find((tag) => tag.name === name)!.tagID;
    const both = await taggedDiscussion(api, "Both tags", [id("Climbing Roses"), id("Climbing Rose")]);
    const singular = await taggedDiscussion(api, "The singular tag", [id("Climbing Rose")]);
    await tags.find("climbing");
    await page.waitForURL(/\/dashboard\/tags\?query=climbing$/);
    await tags.tag("Climbing Rose").waitFor();
    expect(await tags.tagNames()).toEqual(["Climbing Rose", "Climbing Roses"]);
    expect(await tags.facts("Climbing Rose")).toBe("climbing-rose · 2 discussions");
    expect(await seriousAxeViolations(page)).toEqual([]);

    // A name that is no tag is refused beside its field, and nothing changes.
    await tags.askMerge("Climbing Rose", "Climbing Tulips");
    await tags.fieldError("Climbing Rose", "There is no tag named “Climbing Tulips”.").waitFor();

    // The merge asks first; the confirmation takes the focus, and Enter merges.
    await tags.askMerge("Climbing Rose", "climbing roses");
    await tags.confirmation.waitFor();
    expect(await tags.confirmation.getByRole("heading").textContent()).toBe(
      "Merge “Climbing Rose” into “Climbing Roses”?",
    );
    await screenshot(page, "tags-merge-confirmation");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Merge");
    await page.keyboard.press("Enter");
    await tags.status("“Climbing Rose” has been merged into “Climbing Roses”, which now tags 2 discussions.").waitFor();
    expect(await tags.tagNames()).toEqual(["Climbing Roses"]);
    expect(await tagsOf(api, both)).toEqual(["Climbing Roses"]);
    expect(await tagsOf(api, singular)).toEqual(["Climbing Roses"]);

    // Deleting an unused tag asks first too; Cancel keeps it.
    await tags.add("Climbing Lilies");
    await tags.tag("Climbing Lilies").waitFor();
    await tags.askDelete("Climbing Lilies");
    await tags.confirmation.getByRole("link", { name: "Cancel" }).click();
    await tags.confirmation.waitFor({ state: "detached" });
    expect(await tags.tagNames()).toContain("Climbing Lilies");
    await tags.askDelete("Climbing Lilies");
    await tags.confirmation.getByRole("button", { name: "Delete" }).click();
    await tags.status("The tag “Climbing Lilies” has been deleted.").waitFor();
    expect(await tags.tagNames()).toEqual(["Climbing Roses"]);
    // A tag in use offers no Delete.
    const inUse = await tags.edit("Climbing Roses");
    expect(await inUse.getByRole("button", { name: "Delete…" }).count()).toBe(0);
    expect(problems.errors).toEqual([]);
  });

  it("works without JavaScript: rename, then merge after the confirmation page", async () => {
    const api = await signInAdmin(parley.baseUrl);
    for (const name of ["Hedge Plants", "Hedges"]) await api.post("/tags", { name });
    const page = await parley.newPage({ javaScriptEnabled: false });
    await signInContext(page, parley.baseUrl, admin);
    const tags = new TagsPage(page, parley.baseUrl);
    expect((await tags.open("/dashboard/tags?query=hedge")).status()).toBe(200);
    await tags.rename("Hedges", "Hedgerows");
    await tags.status("The tag has been renamed “Hedgerows”.").waitFor();
    await tags.askMerge("Hedgerows", "Hedge Plants");
    await tags.confirmation.getByRole("button", { name: "Merge" }).click();
    await tags.status("“Hedgerows” has been merged into “Hedge Plants”, which now tags 0 discussions.").waitFor();
    expect(await tags.tagNames()).toEqual(["Hedge Plants"]);
  });

  it("is refused to a moderator (community.manage), who has no link to it", async () => {
    const api = await signInAdmin(parley.baseUrl);
    const roles = await api.get<Array<{ roleID: number; name: string }>>("/roles");
    const moderator = newMember("tagmod");
    const moderatorID = await registerConfirmed(parley, moderator);
    await api.patch(`/users/${moderatorID}`, { roleID: [roles.find((role) => role.name === "Moderator")!.roleID] });
    const page = await parley.newPage();
    await signInContext(page, parley.baseUrl, moderator);
    const tags = new TagsPage(page, parley.baseUrl);
    expect((await tags.goto()).status()).toBe(403);
    expect(await tags.heading.innerText()).toBe("Permission Problem");
    expect((await tags.open("/dashboard")).status()).toBe(200);
    expect(await tags.navLink("Tags").count()).toBe(0);
  });
});
