import { describe, expect, it } from "vitest";
import { newMember, registerConfirmed, signInContext } from "./support/accounts.ts";
import { collectErrors, screenshot, seriousAxeViolations, waitForHydration } from "./support/browser.ts";
import { signInAdmin, signInApi } from "./support/content.ts";
import { useParley } from "./support/parley.ts";
import { adminPassword } from "./support/server.ts";
import { AddonsPage } from "./pages/AddonsPage.ts";
import { HomeOnlineView, ProfileOnlineView } from "./pages/OnlinePages.ts";

const parley = useParley();
const admin = { name: "admin", password: adminPassword };

describe("Who's online (issue 29 item 6)", () => {
  it("an administrator turns it on; a member who browses shows on the home page and their profile, a hidden one does not", async () => {
    const browsing = newMember("browsing");
    const hiding = newMember("hiding");
    await registerConfirmed(parley, browsing);
    await registerConfirmed(parley, hiding);

    // Off: the home page has no widget.
    const adminPage = await parley.newPage({ bypassCSP: true });
    await signInContext(adminPage, parley.baseUrl, admin);
    const adminHome = new HomeOnlineView(adminPage, parley.baseUrl);
    await adminHome.goto();
    expect(await adminHome.onlineNow.count()).toBe(0);

    const addons = new AddonsPage(adminPage, parley.baseUrl);
    await addons.goto();
    await waitForHydration(adminPage);
    expect(await addons.state("Who's Online")).toBe("Off");
    await addons.turnOn("Who's Online");
    await addons.status("“Who's Online” is on.").waitFor();

    // A member browses; another hides their status (PATCH /users/{id} hidden) and browses too.
    const memberPage = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(memberPage);
    await signInContext(memberPage, parley.baseUrl, browsing);
    const home = new HomeOnlineView(memberPage, parley.baseUrl);
    await home.open("/discussions");
    const hidingApi = await signInApi(parley.baseUrl, hiding.name, hiding.password);
    await hidingApi.patch(`/users/${hidingApi.userID}`, { hidden: true });
    await hidingApi.get("/discussions");

    expect((await home.goto()).status()).toBe(200);
    await waitForHydration(memberPage);
    await home.member(browsing.name).waitFor();
    expect(await home.member(hiding.name).count()).toBe(0);
    expect(await home.onlineHeading.innerText()).toMatch(/^Online Now \(\d+\)$/);
    expect(await seriousAxeViolations(memberPage)).toEqual([]);
    await screenshot(memberPage, "online-home");
    await memberPage.setViewportSize({ width: 375, height: 800 });
    expect(await seriousAxeViolations(memberPage)).toEqual([]);
    await screenshot(memberPage, "online-home-phone");
    await memberPage.setViewportSize({ width: 1280, height: 800 });

    // The administrator (a site manager) sees the hidden member too.
    await adminHome.goto();
    await adminHome.member(hiding.name).waitFor();
    await adminHome.member(browsing.name).waitFor();

    // The profile's "Online": the browsing member's, not the hidden one's (to another member).
    const profile = new ProfileOnlineView(memberPage, parley.baseUrl);
    await profile.goto(browsing.name);
    await profile.onlineLabel.waitFor();
    expect(await seriousAxeViolations(memberPage)).toEqual([]);
    await screenshot(memberPage, "online-profile");
    await profile.goto(hiding.name);
    await profile.heading.waitFor();
    expect(await profile.onlineLabel.count()).toBe(0);
    expect(problems.errors).toEqual([]);

    // Off again, for the other tests' home page.
    const api = await signInAdmin(parley.baseUrl);
    await api.patch("/addons/online", { enabled: false });
    await home.goto();
    expect(await home.onlineNow.count()).toBe(0);
  });
});
