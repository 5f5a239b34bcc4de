import { describe, expect, it } from "vitest";
import { signInContext } from "./support/accounts.ts";
import { collectErrors, screenshot, seriousAxeViolations, waitForHydration } from "./support/browser.ts";
import { signInAdmin } from "./support/content.ts";
import { useParley } from "./support/parley.ts";
import { adminPassword } from "./support/server.ts";
import { CustomPagesDashboardPage, CustomPageView } from "./pages/CustomPagesPages.ts";

const parley = useParley();

/**
 * A fragment that tries what a hostile widget would on the page that frames it: the session's cookies, storage,
 * the framing page's document and its transient key (the CSRF token in its forms). It draws its content, then
 * tells the page what it got.
 */
const probe = `
const out = {};
const attempt = (name, read) => { try { out[name] = String(read()); } catch (error) { out[name] = "blocked: " + error.name; } };
attempt("cookie", () => document.cookie);
attempt("storage", () => localStorage.length);
attempt("parent", () => parent.document.title);
attempt("transientKey", () => parent.document.querySelector("input[name=transientKey]").value);
out.origin = String(self.origin);
fragment.root.textContent = "Welcome, " + fragment.props.who;
parent.postMessage({ type: "probe", out }, "*");
`;

interface ProbeResult {
  cookie: string;
  storage: string;
  parent: string;
  transientKey: string;
  origin: string;
}

describe("custom pages (issue 38, item 4) and fragments on them (item 5)", () => {
  it("an administrator adds a page in /dashboard/pages; it is in the title bar; a guest without JavaScript reads it", async () => {
    const page = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(page);
    await signInContext(page, parley.baseUrl, { name: "admin", password: adminPassword });
    const dashboard = new CustomPagesDashboardPage(page, parley.baseUrl);
    expect((await dashboard.goto()).status()).toBe(200);
    await waitForHydration(page);
    expect(await dashboard.linkNames()).toContain("Pages");

    // A reserved address is refused beside its field, and nothing is added.
    await dashboard.fillNewPage({
      title: "Discussions of our own",
      address: "/discussions",
      description: "",
      published: true,
      inNavigation: false,
    });
    await dashboard.submitAndWait(dashboard.addButton);
    await dashboard.formText("The address /discussions belongs to the forum's own pages.").waitFor();
    expect(await dashboard.field("Address").getAttribute("aria-invalid")).toBe("true");

    await dashboard.fillNewPage({
      title: "About the Garden Club",
      address: "/about-club",
      description: "Who we are and what we grow.",
      published: true,
      inNavigation: true,
    });
    await dashboard.submitAndWait(dashboard.addButton);
    await dashboard.status.filter({ hasText: "has been saved at /about-club." }).waitFor();
    await dashboard.row("About the Garden Club").waitFor();
    expect(await dashboard.rowLink("About the Garden Club", "View page").getAttribute("href")).toBe("/about-club");
    expect(await dashboard.rowLink("About the Garden Club", "Edit layout").getAttribute("href")).toMatch(
      /^\/dashboard\/layouts\/\d+\/edit$/,
    );
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(page, "custom-pages-0-dashboard-1280");

    // Its content (the layout editor is another screen): a text block and a fragment, through the API.
    const admin = await signInAdmin(parley.baseUrl);
    const fragment = await admin.post<{ fragmentUUID: string }>("/fragments", {
      name: "Welcome probe",
      fragmentType: "CustomFragment",
      js: probe,
      jsRaw: probe,
      css: "#fragment-root { font: 600 20px sans-serif; color: #2d6a4f; padding: 8px; }",
      commitMessage: "Probe",
    });
    const pages = await admin.get<Array<{ customPageID: number; urlcode: string }>>("/custom-pages");
    const about = pages.find((item) => item.urlcode === "/about-club")!;
    await admin.patch(`/custom-pages/${about.customPageID}`, {
      layoutData: {
        layout: [
          {
            $reactComponent: "react.section.1-column",
            $reactProps: {
              children: [
                { $reactComponent: "react.html", $reactProps: { description: "We have grown roses since 2009." } },
                {
                  $reactComponent: "react.customFragment",
                  $reactProps: {
                    fragmentImpl: { fragmentUUID: fragment.fragmentUUID },
                    title: "Welcome",
                    props: { who: "gardeners" },
                    height: 80,
                  },
                },
                {
                  $reactComponent: "react.customFragment",
                  $reactProps: { fragmentImpl: { fragmentUUID: "01900000-0000-7000-8000-000000000000" } },
                },
              ],
            },
          },
        ],
      },
    });

    // A guest without JavaScript: the server's page, its title, description, content and the navigation link.
    const guest = await parley.newPage({ javaScriptEnabled: false });
    const view = new CustomPageView(guest, parley.baseUrl);
    expect((await view.goto("/discussions")).status()).toBe(200);
    await view.navigationLink("About the Garden Club").click();
    await guest.waitForURL(`${parley.baseUrl}/about-club`);
    expect(await guest.title()).toMatch(/^About the Garden Club/);
    expect(await view.metaDescription()).toBe("Who we are and what we grow.");
    expect(await view.heading.innerText()).toBe("About the Garden Club");
    await view.main.getByText("We have grown roses since 2009.").waitFor();
    expect(await view.fragmentError.count()).toBe(1);
    expect(await view.notPublishedNotice.count()).toBe(0);
    await guest.setViewportSize({ width: 1280, height: 900 });
    await screenshot(guest, "custom-pages-1-page-guest-no-js-1280");
    await guest.setViewportSize({ width: 375, height: 800 });
    await screenshot(guest, "custom-pages-1-page-guest-no-js-375");
    // Five entries in the title bar's navigation: without JavaScript they wrap inside the 375 px bar, none cut off.
    const navigationBounds = await guest.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      links: Array.from(document.querySelectorAll<HTMLAnchorElement>('nav[aria-label="Main navigation"] a'), (link) => {
        const box = link.getBoundingClientRect();
        return { left: box.left, right: box.right, width: box.width };
      }),
    }));
    expect(navigationBounds.links.length).toBe(5);
    expect(navigationBounds.page).toBeLessThanOrEqual(375);
    for (const link of navigationBounds.links) {
      expect(link.width).toBeGreaterThan(0);
      expect(link.left).toBeGreaterThanOrEqual(0);
      expect(link.right).toBeLessThanOrEqual(375);
    }

    // With JavaScript, signed in (a transient key in the page): the fragment runs and draws, and gets nothing.
    const reader = await parley.newPage({ bypassCSP: true });
    const readerProblems = collectErrors(reader);
    await signInContext(reader, parley.baseUrl, { name: "admin", password: adminPassword });
    const readerView = new CustomPageView(reader, parley.baseUrl);
    // What the fragment tells the page, kept from the document's start (the frame may load before anything else).
    await reader.addInitScript(() => {
      addEventListener("message", (event: MessageEvent<{ type?: string; out: ProbeResult }>) => {
        if (event.data?.type === "probe") (window as unknown as { probe: ProbeResult }).probe = event.data.out;
      });
    });
    expect((await readerView.goto("/about-club")).status()).toBe(200);
    const result = await (
      await reader.waitForFunction(() => (window as unknown as { probe?: ProbeResult }).probe)
    ).jsonValue();
    expect(result).toEqual({
      cookie: "blocked: SecurityError",
      storage: "blocked: SecurityError",
      parent: "blocked: SecurityError",
      transientKey: "blocked: SecurityError",
      origin: "null",
    });
    const frame = readerView.fragment("Welcome");
    expect(await frame.getAttribute("sandbox")).toBe("allow-scripts");
    await readerView.fragmentText("Welcome", "Welcome, gardeners").waitFor();
    await waitForHydration(reader);
    expect(await seriousAxeViolations(reader)).toEqual([]);
    await reader.setViewportSize({ width: 1280, height: 900 });
    await screenshot(reader, "custom-pages-2-page-fragment-1280");
    // The one failed request the browser reports is the reserved address's refusal (422), above.
    expect(problems.errors.filter((error) => !error.includes("status of 422"))).toEqual([]);
    expect(problems.errors).toHaveLength(1);
    expect(readerProblems.errors).toEqual([]);

    // Unpublished: the guest gets the not-found page; the administrator sees the page with its notice.
    await admin.patch(`/custom-pages/${about.customPageID}`, { status: "unpublished" });
    expect((await view.goto("/about-club")).status()).toBe(404);
    expect(await view.navigationLink("About the Garden Club").count()).toBe(0);
    expect((await readerView.goto("/about-club")).status()).toBe(200);
    await readerView.notPublishedNotice.getByText("Not published").waitFor();
    await screenshot(reader, "custom-pages-3-unpublished-admin-1280");
  });
});
