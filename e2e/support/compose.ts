import type { Page } from "playwright-core";
import { expect } from "vitest";
import { NewDiscussionPage } from "../pages/NewDiscussionPage.ts";
import { newMember, registerConfirmed, signInContext } from "./accounts.ts";
import { collectErrors, waitForHydration } from "./browser.ts";
import { categoryID, signInApi, type ApiSession } from "./content.ts";
import type { ParleyHarness } from "./parley.ts";

/** The post types the new-post form offers by a link of their own, with the link and the form's heading. */
const typeLinks = {
  idea: { link: (form: NewDiscussionPage) => form.newIdeaLink, heading: "New Idea" },
  poll: { link: (form: NewDiscussionPage) => form.newPollLink, heading: "New Poll" },
} as const;

/**
 * A new member, signed in in a page (bypassing the Content-Security-Policy so axe's inline script runs) and by the
 * API, on the new-post form in General with the type's link followed: the form headed for that type, the type chosen.
 */
export async function composeAs(
  parley: ParleyHarness,
  prefix: string,
  type: keyof typeof typeLinks,
): Promise<{
  page: Page;
  problems: ReturnType<typeof collectErrors>;
  authoring: ApiSession;
  general: number;
  form: NewDiscussionPage;
}> {
  const author = newMember(prefix);
  await registerConfirmed(parley, author);
  const page = await parley.newPage({ bypassCSP: true });
  const problems = collectErrors(page);
  await signInContext(page, parley.baseUrl, author);
  const authoring = await signInApi(parley.baseUrl, author.name, author.password);
  const general = await categoryID(authoring, "general");
  const form = new NewDiscussionPage(page, parley.baseUrl);
  await form.goto(general);
  await waitForHydration(page);
  await typeLinks[type].link(form).click();
  await page.waitForURL((url) => url.searchParams.get("type") === type);
  await form.waitForEditors();
  expect(await form.heading.innerText()).toBe(typeLinks[type].heading);
  expect(await form.type.inputValue()).toBe(type);
  return { page, problems, authoring, general, form };
}
