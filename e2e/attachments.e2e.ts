import { mkdtempSync } from "node:fs";
import { rm } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../apps/server/src/platform/db/database.ts";
import { newMember, registerConfirmed, signInContext, unexpectedErrors } from "./support/accounts.ts";
import { collectErrors, screenshot, seriousAxeViolations, waitForHydration } from "./support/browser.ts";
import { addComments, categoryID, createDiscussion, pathOf, signInAdmin, type ApiSession } from "./support/content.ts";
import { useParley } from "./support/parley.ts";
import { IntegrationsPage, NewTicketPage, TicketsPage } from "./pages/AttachmentsPages.ts";
import { adminPassword } from "./support/server.ts";

// Its own data directory: the test makes a ticket stale in the server's SQLite file (no clock to move there).
const dataDir = mkdtempSync(path.join(tmpdir(), "parley-e2e-attachments-"));
const parley = useParley({ dataDir });
const TOKEN = "e2e-ticket-token-5b1d";

/** Makes a ticket stale: last read from the stand-in 20 minutes ago (the web app refreshes it when staff look). */
async function makeStale(sourceID: string): Promise<void> {
  const database = await openDatabase({ databaseUrl: null, sqliteFile: path.join(dataDir, "parley.sqlite") });
  try {
    const dateUpdated = new Date(Date.now() - 20 * 60_000).toISOString();
    await database.db.updateTable("attachments").set({ dateUpdated }).where("sourceID", "=", sourceID).execute();
  } finally {
    await database.close();
  }
}

/**
 * A stand-in ticket API: a real HTTP server on 127.0.0.1. `POST /api/tickets` creates (201 `{ticket: {id, url,
 * status}}`), `GET /api/tickets/{id}` reads one (500 while `readsFail`); without the expected key it answers 401.
 */
/** A confirmed member made a moderator by the admin. */
async function newModerator(admin: ApiSession, prefix: string) {
  const roles = await admin.get<Array<{ roleID: number; name: string }>>("/roles");
  const moderator = newMember(prefix);
  const moderatorID = await registerConfirmed(parley, moderator);
  await admin.patch(`/users/${moderatorID}`, { roleID: [roles.find((role) => role.name === "Moderator")!.roleID] });
  return moderator;
}

const tickets = new Map<string, { id: string; title: string; description: string; status: string }>();
const standIn = { readsFail: false, reads: 0 };
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
      if (req.method === "GET") standIn.reads += 1;
      if (req.method === "GET" && standIn.readsFail) return answer(500, { error: "down" });
      if (req.method === "GET" && tickets.has(id)) return answer(200, shown(id));
      return answer(404, { error: "not found" });
    });
  });
  await new Promise<void>((resolve) => ticketApi.listen(0, "127.0.0.1", resolve));
  ticketOrigin = `http://127.0.0.1:${(ticketApi.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => ticketApi?.close(() => resolve()));
  await rm(dataDir, { recursive: true, force: true });
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
    const moderator = await newModerator(admin, "ticketmod");
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

  it("a moderator creates a ticket from a comment's options menu; a stale status refreshes when staff look", async () => {
    // The integration as the first test left it.
    const admin = await signInAdmin(parley.baseUrl);
    const moderator = await newModerator(admin, "commentmod");
    const discussion = await createDiscussion(admin, {
      name: "The coffee machine",
      body: "It makes tea.",
      categoryID: await categoryID(admin, "general"),
    });
    const [first, second, third] = await addComments(admin, discussion.discussionID, [
      "Mine too.",
      "It now leaks **hot water** on the floor.",
      "Someone call facilities.",
    ]);

    const page = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(page);
    // The browser's calls for tickets: the comments' come with the page, none per comment.
    const listCalls: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (request.method() === "GET" && url.pathname === "/api/v2/attachments") listCalls.push(url.search);
    });
    await signInContext(page, parley.baseUrl, moderator);
    const view = new TicketsPage(page, parley.baseUrl);
    await view.goto(pathOf(discussion.url));
    await waitForHydration(page);
    expect(await view.commentOffersTicket(second!.commentID)).toBe(true);
    await view.openCommentTicket(second!.commentID);
    // The form comes prefilled with the comment's text.
    expect(await view.descriptionField().inputValue()).toContain("hot water");
    await view.createTicket("Coffee machine leaks");

    // The stand-in got it; the comment shows it, and only that comment.
    const created = [...tickets.values()].find((ticket) => ticket.title === "Coffee machine leaks")!;
    expect(created.description).toContain("hot water");
    await view.ticket(created.id, second!.commentID).waitFor();
    expect(await view.ticketStatus(created.id, second!.commentID)).toBe("new");
    expect(await view.ticketLink(created.id, second!.commentID).getAttribute("href")).toBe(
      `${ticketOrigin}/t/${created.id}`,
    );
    for (const other of [first!, third!]) expect(await view.ticketsBoxOf(other.commentID).count()).toBe(0);
    expect(await view.ticketsBox.count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "attachments-on-comment");

    // The status changes at the helpdesk and the ticket goes stale: the next look shows the new status by itself.
    tickets.get(created.id)!.status = "solved";
    await makeStale(created.id);
    listCalls.length = 0;
    const refreshed = page.waitForRequest(
      (request) => request.method() === "POST" && new URL(request.url()).pathname === "/api/v2/attachments/refresh",
    );
    await view.goto(pathOf(discussion.url));
    expect((await refreshed).postDataJSON()).toMatchObject({ onlyStale: true });
    await expect.poll(() => view.ticketStatus(created.id, second!.commentID)).toBe("solved");
    // The page came with its comments' tickets: the browser asked for none.
    expect(listCalls).toEqual([]);
    await screenshot(page, "attachments-on-comment-refreshed");

    // The helpdesk is down: the page stays whole and shows the last status it knew.
    tickets.get(created.id)!.status = "reopened";
    standIn.readsFail = true;
    try {
      await makeStale(created.id);
      const readsBefore = standIn.reads;
      await view.goto(pathOf(discussion.url));
      await waitForHydration(page);
      await expect.poll(() => standIn.reads).toBeGreaterThan(readsBefore);
      expect(await view.ticketStatus(created.id, second!.commentID)).toBe("solved");
    } finally {
      standIn.readsFail = false;
    }

    // A member sees no ticket, has no Create ticket on the comment, and asks nothing about tickets.
    const member = newMember("commentreader");
    await registerConfirmed(parley, member);
    const memberPage = await parley.newPage({ bypassCSP: true });
    const memberCalls: string[] = [];
    memberPage.on("request", (request) => {
      if (new URL(request.url()).pathname.startsWith("/api/v2/attachments")) memberCalls.push(request.url());
    });
    await signInContext(memberPage, parley.baseUrl, member);
    const memberView = new TicketsPage(memberPage, parley.baseUrl);
    await memberView.goto(pathOf(discussion.url));
    await waitForHydration(memberPage);
    expect(await memberView.ticketsBoxOf(second!.commentID).count()).toBe(0);
    expect(await memberView.commentOffersTicket(second!.commentID)).toBe(false);
    expect(memberCalls).toEqual([]);
    expect(problems.errors).toEqual([]);
  });
});

describe("tickets without JavaScript, and the integration's settings", () => {
  it("a moderator creates a ticket on the form page and refreshes it, without JavaScript", async () => {
    const admin = await signInAdmin(parley.baseUrl);
    const moderator = await newModerator(admin, "ticketnojs");
    const discussion = await createDiscussion(admin, {
      name: "The lift is stuck",
      body: "Between floors 3 and 4.",
      categoryID: await categoryID(admin, "general"),
    });
    const page = await parley.newPage({ javaScriptEnabled: false, bypassCSP: true });
    await signInContext(page, parley.baseUrl, moderator);
    const view = new TicketsPage(page, parley.baseUrl);
    await view.goto(pathOf(discussion.url));
    await view.createTicketLink.click();
    await page.waitForURL((url) => url.pathname.endsWith("/attachments/new"));
    const form = new NewTicketPage(page, parley.baseUrl);
    expect(await form.heading.innerText()).toBe("Create ticket in Helpdesk");
    await screenshot(page, "attachments-new-no-js");
    await form.create("Lift stuck, floor 3");
    await page.waitForURL((url) => url.pathname === pathOf(discussion.url));
    const created = [...tickets.values()].find((ticket) => ticket.title === "Lift stuck, floor 3")!;
    expect(await view.ticketStatus(created.id)).toBe("new");
    tickets.get(created.id)!.status = "in progress";
    await view.refreshButton(created.id).click();
    await page.waitForURL((url) => url.pathname === pathOf(discussion.url));
    expect(await view.ticketStatus(created.id)).toBe("in");
    expect(await view.ticket(created.id).innerText()).toContain("in progress");

    // A comment's ticket: the link under the comment, the same page for it, and back to the comment.
    const [comment] = await addComments(admin, discussion.discussionID, ["The alarm button does nothing."]);
    await view.goto(pathOf(discussion.url));
    await view.createTicketLinkOf(comment!.commentID).click();
    await page.waitForURL(
      (url) =>
        url.pathname.endsWith("/attachments/new") && url.searchParams.get("commentID") === String(comment!.commentID),
    );
    expect(await form.descriptionField.inputValue()).toContain("alarm button");
    await form.create("Lift alarm broken");
    await page.waitForURL(
      (url) => url.pathname === pathOf(discussion.url) && url.hash === `#Comment_${comment!.commentID}`,
    );
    const forComment = [...tickets.values()].find((ticket) => ticket.title === "Lift alarm broken")!;
    expect(await view.ticketStatus(forComment.id, comment!.commentID)).toBe("new");
    expect(await view.ticketsBox.innerText()).not.toContain(forComment.id);
    await screenshot(page, "attachments-comment-no-js");
  });

  it("a site manager keeps the settings on /dashboard/integrations; the auth value is never shown", async () => {
    const page = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(page);
    await signInContext(page, parley.baseUrl, { name: "admin", password: adminPassword });
    const integrations = new IntegrationsPage(page, parley.baseUrl);
    await integrations.goto();
    await waitForHydration(page);
    await integrations.navLink("Integrations").waitFor();
    // Set by the first test through the API: the page shows the settings, and only that a value is set.
    expect(await integrations.field("Base URL").inputValue()).toBe(`${ticketOrigin}/api`);
    expect(await integrations.field("Auth header value").inputValue()).toBe("");
    expect(await page.content()).not.toContain(TOKEN);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "attachments-integrations");
    // A private address is refused next to its field, and nothing is saved.
    await integrations.fill({ "Base URL": "https://10.0.0.8/api" }, true);
    await integrations.submitAndWait(integrations.saveButton);
    await integrations.text("The base URL resolves to a private or loopback address.").waitFor();
    await integrations.fill({ "Base URL": `${ticketOrigin}/api`, Name: "Service desk" }, true);
    await integrations.submitAndWait(integrations.saveButton);
    await integrations.statusMessage("The ticket integration is saved.").waitFor();
    const admin = await signInAdmin(parley.baseUrl);
    expect(await admin.get("/attachments/integrations/ticket")).toMatchObject({
      name: "Service desk",
      baseUrl: `${ticketOrigin}/api`,
      hasAuthSecret: true,
    });
    // Only the refusal the test provoked (the 422 of the private address) is in the console.
    const provoked = [{ method: "PATCH", pathname: "/api/v2/attachments/integrations/ticket", status: 422 }];
    expect(unexpectedErrors(problems.errors, provoked)).toEqual([]);
  });
});
