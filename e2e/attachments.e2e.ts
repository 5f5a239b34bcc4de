import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newMember, registerConfirmed, signInContext } from "./support/accounts.ts";
import { collectErrors, screenshot, seriousAxeViolations, waitForHydration } from "./support/browser.ts";
import { categoryID, createDiscussion, pathOf, signInAdmin } from "./support/content.ts";
import { useParley } from "./support/parley.ts";
import { TicketsPage } from "./pages/AttachmentsPages.ts";

const parley = useParley();
const TOKEN = "e2e-ticket-token-5b1d";

/**
 * A stand-in ticket API: a real HTTP server on 127.0.0.1. `POST /api/tickets` creates (201 `{ticket: {id, url,
 * status}}`), `GET /api/tickets/{id}` reads one; without the expected key it answers 401.
 */
const tickets = new Map<string, { id: string; title: string; description: string; status: string }>();
let ticketApi: http.Server;
let ticketOrigin = "";

beforeAll(async () => {
  ticketApi = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const answer = (status: number, value: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(value));
      };
      if (req.headers["authorization"] !== `Bearer ${TOKEN}`) return answer(401, { error: "unauthorized" });
      const path = new URL(req.url ?? "/", "http://stand-in.invalid").pathname;
      const shown = (id: string) => ({ ticket: { ...tickets.get(id), url: `${ticketOrigin}/t/${id}` } });
      if (req.method === "POST" && path === "/api/tickets") {
        const fields = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { title: string; description: string };
        const id = `HD-${100 + tickets.size}`;
        tickets.set(id, { id, ...fields, status: "new" });
        return answer(201, shown(id));
      }
      const id = decodeURIComponent(/^\/api\/tickets\/([^/]+)$/.exec(path)?.[1] ?? "");
      if (req.method === "GET" && tickets.has(id)) return answer(200, shown(id));
      return answer(404, { error: "not found" });
    });
  });
  await new Promise<void>((resolve) => ticketApi.listen(0, "127.0.0.1", resolve));
  ticketOrigin = `http://127.0.0.1:${(ticketApi.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => ticketApi?.close(() => resolve()));
});

describe("tickets from the discussion options menu", () => {
  it("a moderator creates a ticket from the options menu, sees it on the post and refreshes its status", async () => {
    // The site manager points the ticket integration at the stand-in (allowed on 127.0.0.1, as an intranet helpdesk).
    const admin = await signInAdmin(parley.baseUrl);
    await admin.patch("/config", { "attachments.allowedHosts": "127.0.0.1" });
    await admin.patch("/attachments/integrations/ticket", {
      enabled: true,
      name: "Helpdesk",
      baseUrl: `${ticketOrigin}/api`,
      createUrl: "tickets",
      createMethod: "POST",
      createBody: JSON.stringify({ title: "{name}", description: "{body}" }),
      statusUrl: "tickets/{sourceID}",
      idPath: "ticket.id",
      urlPath: "ticket.url",
      statusPath: "ticket.status",
      authHeaderName: "Authorization",
      authSecret: `Bearer ${TOKEN}`,
    });
    const roles = await admin.get<Array<{ roleID: number; name: string }>>("/roles");
    const moderator = newMember("ticketmod");
    const moderatorID = await registerConfirmed(parley, moderator);
    await admin.patch(`/users/${moderatorID}`, { roleID: [roles.find((role) => role.name === "Moderator")!.roleID] });
    const discussion = await createDiscussion(admin, {
      name: "The printer is on fire",
      body: "It says **PC LOAD LETTER** and smokes.",
      categoryID: await categoryID(admin, "general"),
    });

    const page = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(page);
    await signInContext(page, parley.baseUrl, moderator);
    const view = new TicketsPage(page, parley.baseUrl);
    await view.goto(pathOf(discussion.url));
    await waitForHydration(page);
    await view.openCreateTicket();
    // The form comes prefilled with the post's title and text.
    expect(await view.titleField().inputValue()).toBe("The printer is on fire");
    expect(await view.descriptionField().inputValue()).toContain("PC LOAD LETTER");
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "attachments-create-dialog");
    await view.createTicket("Printer fire in room 12");

    // The stand-in got it, and the post shows it: its id as a link to it, its status.
    const [created] = [...tickets.values()];
    expect(created).toMatchObject({ title: "Printer fire in room 12", status: "new" });
    await view.ticket(created!.id).waitFor();
    expect(await view.ticketLink(created!.id).getAttribute("href")).toBe(`${ticketOrigin}/t/${created!.id}`);
    expect(await view.ticketStatus(created!.id)).toBe("new");

    // The status changes at the helpdesk; Refresh reads it.
    tickets.get(created!.id)!.status = "solved";
    await view.refreshButton(created!.id).click();
    await expect.poll(() => view.ticketStatus(created!.id)).toBe("solved");
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "attachments-on-post");
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, "attachments-on-post-375");
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

    // A member sees no ticket on the same post, and no Create ticket.
    const member = newMember("ticketreader");
    await registerConfirmed(parley, member);
    const memberPage = await parley.newPage({ bypassCSP: true });
    await signInContext(memberPage, parley.baseUrl, member);
    const memberView = new TicketsPage(memberPage, parley.baseUrl);
    await memberView.goto(pathOf(discussion.url));
    await waitForHydration(memberPage);
    expect(await memberView.ticketsBox.count()).toBe(0);
    await memberView.openOptions();
    expect(await memberView.menuItem("Create ticket").count()).toBe(0);
    expect(problems.errors).toEqual([]);
  });
});
