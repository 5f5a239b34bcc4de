import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInContext } from "./support/accounts.ts";
import { seriousAxeViolations } from "./support/browser.ts";
import { signInAdmin, type ApiSession } from "./support/content.ts";
import { useParley } from "./support/parley.ts";
import { adminPassword } from "./support/server.ts";
import { InvitationsPage } from "./pages/InvitationsPage.ts";
import { RegisterPage } from "./pages/RegisterPage.ts";

/*
 * Registration by invitation (issue 34): an administrator invites an address on the dashboard; the mailed link
 * opens the registration page, which makes the account and signs it in; the link does not work twice; a revoked
 * invitation leaves the list.
 */

const parley = useParley();

describe("registration by invitation", () => {
  let admin: ApiSession;

  beforeAll(async () => {
    admin = await signInAdmin(parley.baseUrl);
    await admin.patch("/config", { "registration.method": "invitation" });
  });
  afterAll(async () => {
    await admin?.patch("/config", { "registration.method": "basic" });
  });

  /** The invitation link mailed to an address (polls the outbox). */
  async function invitationLink(to: string): Promise<string> {
    let link = "";
    await expect
      .poll(
        async () => {
          const mail = (await parley.readOutbox()).filter((item) => item.to === to).pop();
          link = /https?:\/\/\S+\/entry\/register\?invitationCode=[\w-]+&email=\S+/u.exec(mail?.text ?? "")?.[0] ?? "";
          return link;
        },
        { timeout: 10_000 },
      )
      .not.toBe("");
    return link;
  }

  it("an invited address registers with the mailed link, once", async () => {
    const page = await parley.newPage({ bypassCSP: true });
    await signInContext(page, parley.baseUrl, { name: "admin", password: adminPassword });
    const invitations = new InvitationsPage(page, parley.baseUrl);
    await invitations.goto();
    await invitations.invite("invited.friend@people.example");
    await invitations.status.waitFor();
    await invitations.invitation("invited.friend@people.example").waitFor();
    expect(await invitations.invitation("invited.friend@people.example").innerText()).toContain("Waiting");
    // An administrator's invitations are not limited.
    expect(await invitations.remaining.innerText()).toBe("You may send as many invitations as you like.");
    expect(await seriousAxeViolations(page)).toEqual([]);

    const link = await invitationLink("invited.friend@people.example");
    const newcomer = await parley.newPage();
    await newcomer.goto(link);
    const register = new RegisterPage(newcomer, parley.baseUrl);
    expect(await register.field("Email").inputValue()).toBe("invited.friend@people.example");
    await register.register({
      email: "invited.friend@people.example",
      name: "Invited_Friend",
      password: "a long enough password 1",
    });
    await newcomer.waitForURL(`${parley.baseUrl}/`);
    const me = (await (await newcomer.request.get(`${parley.baseUrl}/api/v2/users/me`)).json()) as { name: string };
    expect(me.name).toBe("Invited_Friend");

    // The same link again: refused, with the reason.
    const again = await parley.newPage();
    await again.goto(link);
    const second = new RegisterPage(again, parley.baseUrl);
    await second.register({
      email: "invited.friend@people.example",
      name: "Invited_Again",
      password: "a long enough password 1",
    });
    await expect.poll(() => second.alert.innerText()).toContain("This invitation is not valid");
    await invitations.goto();
    await expect.poll(() => invitations.invitation("invited.friend@people.example").innerText()).toContain("Accepted");
  });

  it("a revoked invitation leaves the list", async () => {
    const page = await parley.newPage();
    await signInContext(page, parley.baseUrl, { name: "admin", password: adminPassword });
    const invitations = new InvitationsPage(page, parley.baseUrl);
    await invitations.goto();
    await invitations.invite("changed.mind@people.example");
    await invitations.invitation("changed.mind@people.example").waitFor();
    await invitations.revoke("changed.mind@people.example");
    await expect.poll(() => invitations.invitation("changed.mind@people.example").count()).toBe(0);
  });
});
