import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { collectErrors, screenshot, seriousAxeViolations, waitForHydration } from "./support/browser.ts";
import { newMember, registerConfirmed, signInContext } from "./support/accounts.ts";
import { useParley } from "./support/parley.ts";
import { adminPassword } from "./support/server.ts";
import { ParleyPage } from "./pages/ParleyPage.ts";
import { PrivacyPage } from "./pages/PrivacyPage.ts";

const parley = useParley();

describe("The member's privacy page (issue 29 item 3)", () => {
  it("private profile, Download my data through the e-mailed link, and deleting the account", async () => {
    const member = newMember("privacy");
    const other = newMember("curious");
    const userID = await registerConfirmed(parley, member);
    await registerConfirmed(parley, other);
    const page = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(page);
    await signInContext(page, parley.baseUrl, member);
    const privacy = new PrivacyPage(page, parley.baseUrl);

    // One post of the member's, to find in the archive.
    const listed = await page.request.get(`${parley.baseUrl}/api/v2/discussions?limit=1`);
    const { categoryID } = ((await listed.json()) as { categoryID: number }[])[0]!;
    const title = `Notes of ${member.name}`;
    const posted = await page.request.post(`${parley.baseUrl}/api/v2/discussions`, {
      data: { name: title, body: "Sowing beans in March.", format: "markdown", categoryID },
      headers: { origin: parley.baseUrl, "x-requested-with": "XMLHttpRequest" },
    });
    expect(posted.status(), await posted.text()).toBe(201);

    // Reached from the My Account menu.
    expect((await privacy.open("/")).status()).toBe(200);
    await waitForHydration(page);
    await privacy.accountMenuLink("Privacy").click();
    await privacy.heading.filter({ hasText: "Privacy" }).waitFor();
    expect(privacy.pathname()).toBe("/profile/privacy");
    // The online add-on is off: no online switch.
    expect(await privacy.showOnlineStatus.count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "privacy-0-page-1280");
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, "privacy-1-page-375");
    await page.setViewportSize({ width: 1280, height: 800 });

    // Private profile: another member gets the restricted card.
    await privacy.privateProfile.check();
    await privacy.submitAndWait(privacy.saveButton);
    await privacy.statusMessage("Your privacy settings have been saved.").waitFor();
    expect(await privacy.privateProfile.isChecked()).toBe(true);
    const otherPage = await parley.newPage();
    await signInContext(otherPage, parley.baseUrl, other);
    const profile = new ParleyPage(otherPage, parley.baseUrl);
    expect((await profile.open(`/profile/${encodeURIComponent(member.name)}`)).status()).toBe(200);
    await profile.text("This user's profile is private.").waitFor();
    await screenshot(otherPage, "privacy-2-restricted-1280");

    // Download my data: asked, built by the job, the e-mailed link downloads the zip.
    await privacy.submitAndWait(privacy.requestDataButton);
    await privacy.statusMessage(/Your data is being prepared/).waitFor();
    let link = "";
    await expect
      .poll(
        async () => {
          const mail = (await parley.readOutbox()).find(
            (sent) => sent.to === member.email && sent.subject === "Your data is ready to download",
          );
          link = /https?:\/\/\S+\/download/.exec(mail?.text ?? "")?.[0] ?? "";
          return link;
        },
        { timeout: 15_000 },
      )
      .toMatch(/\/api\/v2\/users\/me\/exports\/\d+\/download$/);
    expect(link.startsWith(parley.baseUrl)).toBe(true);
    const download = await page.request.get(link);
    expect(download.status()).toBe(200);
    expect(download.headers()["content-type"]).toBe("application/zip");
    const files = unzipSync(new Uint8Array(await download.body()));
    const discussions = JSON.parse(strFromU8(files["discussions.json"]!)) as { name: string; body: string }[];
    expect(discussions).toEqual([expect.objectContaining({ name: title, body: "Sowing beans in March." })]);
    // Not for another member.
    expect((await otherPage.request.get(link)).status()).toBe(404);
    expect((await privacy.goto()).status()).toBe(200);
    await privacy.main.getByRole("link", { name: "Download my data" }).waitFor();
    await screenshot(page, "privacy-3-ready-1280");

    // Delete my account: a wrong password keeps it; the right one deletes it, and signing in fails.
    await waitForHydration(page);
    await privacy.password.fill("not my password");
    await privacy.submitAndWait(privacy.deleteAccountButton);
    await expect.poll(() => privacy.passwordError()).toBe("The password you entered is incorrect.");
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect((await privacy.me()).userID).toBe(userID);
    await privacy.password.fill(member.password);
    await privacy.submitAndWait(privacy.deleteAccountButton);
    await expect.poll(() => privacy.pathname()).toBe("/");
    expect((await privacy.me()).userID).toBe(0);
    const signIn = await page.request.post(`${parley.baseUrl}/api/v2/authenticate/password`, {
      data: { username: member.name, password: member.password },
    });
    expect(signIn.status()).toBe(401);
    // The wrong password's 400 is the one failure Chromium logs.
    expect(problems.errors.filter((error) => !/status of 400 .*\/api\/v2\/users\/me\/delete:0\)$/.test(error))).toEqual(
      [],
    );
  });

  it("works without JavaScript, and shows the online switch while the online add-on is on", async () => {
    const adminPage = await parley.newPage();
    await signInContext(adminPage, parley.baseUrl, { name: "admin", password: adminPassword });
    const turnedOn = await adminPage.request.patch(`${parley.baseUrl}/api/v2/config`, {
      data: { "online.enabled": true },
      headers: { origin: parley.baseUrl, "x-requested-with": "XMLHttpRequest" },
    });
    expect(turnedOn.status(), await turnedOn.text()).toBe(200);

    const member = newMember("nojsprivacy");
    await registerConfirmed(parley, member);
    const page = await parley.newPage({ javaScriptEnabled: false });
    await signInContext(page, parley.baseUrl, member);
    const privacy = new PrivacyPage(page, parley.baseUrl);
    expect((await privacy.goto()).status()).toBe(200);
    expect(await privacy.showOnlineStatus.isChecked()).toBe(true);
    await privacy.showOnlineStatus.uncheck();
    await privacy.privateProfile.check();
    await privacy.submitAndWait(privacy.saveButton);
    await privacy.statusMessage("Your privacy settings have been saved.").waitFor();
    const me = (await (await page.request.get(`${parley.baseUrl}/api/v2/users/$me`)).json()) as {
      private: boolean;
      hidden: boolean;
    };
    expect(me).toMatchObject({ private: true, hidden: true });
    expect(await privacy.showOnlineStatus.isChecked()).toBe(false);
    await screenshot(page, "privacy-4-online-nojs-1280");

    await privacy.submitAndWait(privacy.requestDataButton);
    await privacy.statusMessage(/Your data is being prepared/).waitFor();
    // A second request while the first is being prepared, or within the day, is refused with why.
    await privacy.submitAndWait(privacy.requestDataButton);
    await privacy.alertMessage(/already being prepared|once a day/).waitFor();
  });
});
