import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Type } from "typebox";
import {
  Attachment,
  AttachmentCatalog,
  AttachmentFormSchema,
  attachmentMessages,
  attachmentsLimits,
  TicketIntegrationSettings,
  type Attachment as AttachmentRecord,
} from "@parley/contracts";
import {
  createContentFixture,
  expectSchema,
  postComment,
  postDiscussion,
  type ContentFixture,
} from "../../test/content.ts";
import { engines } from "../../test/databases.ts";
import { roleIDOfType } from "../../test/accounts.ts";
import { fewestQueries } from "../../platform/db/query-count.ts";

interface Ticket {
  id: string;
  title: string;
  description: string;
  status: string;
}

/**
 * A stand-in ticket API: a real HTTP server on 127.0.0.1 speaking a typical JSON ticket protocol.
 * `POST /api/tickets` creates (answers 201 `{ticket: {id, url, status}}`), `GET /api/tickets/{id}` reads one;
 * a request without the expected authorization is 401; `failNext` makes the next create answer 500, `readsFail`
 * every read.
 */
async function startTicketApi(token: string) {
  const tickets = new Map<string, Ticket>();
  const requests: { method: string; path: string; body: string; authorization: string | undefined }[] = [];
  const state = { failNext: false, readsFail: false };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const path = new URL(req.url ?? "/", "http://ticket.invalid").pathname;
      const body = Buffer.concat(chunks).toString("utf8");
      requests.push({ method: req.method ?? "", path, body, authorization: req.headers["x-api-key"] as string });
      const answer = (status: number, value: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(value));
      };
      const shown = (ticket: Ticket) => ({ ticket: { ...ticket, url: `https://tickets.example/t/${ticket.id}` } });
      if (req.headers["x-api-key"] !== token) return answer(401, { error: "unauthorized" });
      if (req.method === "POST" && path === "/api/tickets") {
        if (state.failNext) {
          state.failNext = false;
          return answer(500, { error: "down" });
        }
        const fields = JSON.parse(body) as { title: string; description: string };
        const ticket = {
          id: `T-${tickets.size + 1}`,
          title: fields.title,
          description: fields.description,
          status: "open",
        };
        tickets.set(ticket.id, ticket);
        return answer(201, shown(ticket));
      }
      const match = /^\/api\/tickets\/([^/]+)$/.exec(path);
      const ticket = match ? tickets.get(decodeURIComponent(match[1]!)) : undefined;
      if (req.method === "GET" && state.readsFail) return answer(500, { error: "down" });
      if (req.method === "GET" && ticket) return answer(200, shown(ticket));
      return answer(404, { error: "not found" });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    tickets,
    requests,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const TOKEN = "stand-in-secret-token-9f2c";

describe.each(engines)("attachments on %s", (engine) => {
  let f: ContentFixture<"member" | "moderator" | "busy">;
  let api: Awaited<ReturnType<typeof startTicketApi>>;

  const configure = (body: Record<string, unknown>) =>
    f.api.patch("/api/v2/attachments/integrations/ticket", body, { as: f.admin });
  const ticketSettings = () => ({
    enabled: true,
    name: "Helpdesk",
    baseUrl: `${api.origin}/api`,
    createUrl: "tickets",
    createMethod: "POST",
    createBody: JSON.stringify({ title: "{name}", description: "{body}", forumPost: "{discussionID}" }),
    statusUrl: "tickets/{sourceID}",
    idPath: "ticket.id",
    urlPath: "ticket.url",
    statusPath: "ticket.status",
    authHeaderName: "X-Api-Key",
    authSecret: TOKEN,
  });

  beforeAll(async () => {
    f = await createContentFixture(engine, {
      member: { name: "Ticket Member", role: "member", bypassSpam: true },
      moderator: { name: "Ticket Mod", role: "moderator", bypassSpam: true },
      busy: { name: "Ticket Busy Mod", role: "moderator", bypassSpam: true },
    });
    api = await startTicketApi(TOKEN);
    await f.t.app.platform.siteConfig.set("attachments.allowedHosts", "127.0.0.1");
  });
  afterAll(async () => {
    await api?.close();
    await f?.t.close();
  });

  it("is configured by a site manager, and never answers the auth secret", async () => {
    const saved = await configure(ticketSettings());
    expect(saved.statusCode, saved.body).toBe(200);
    expectSchema(TicketIntegrationSettings, saved.json());
    expect(saved.json()).toMatchObject({ enabled: true, name: "Helpdesk", hasAuthSecret: true });
    expect(saved.body).not.toContain(TOKEN);
    const read = await f.api.get("/api/v2/attachments/integrations/ticket", { as: f.admin });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ hasAuthSecret: true, authHeaderName: "X-Api-Key" });
    expect(read.body).not.toContain(TOKEN);
    expect(JSON.stringify(read.json())).not.toMatch(/authSecret/);
    // A PATCH takes only its schema's fields: others are dropped and change nothing.
    const extra = await configure({ name: "Helpdesk", dateUpdated: "2000-01-01T00:00:00Z", hasAuthSecret: false });
    expect(extra.statusCode).toBe(200);
    expect(extra.json()).toMatchObject({ hasAuthSecret: true });
    expect(extra.json<{ dateUpdated: string }>().dateUpdated).not.toMatch(/^2000/);
  });

  it("refuses bad settings with a 422 per field, and private addresses unless allowed", async () => {
    const bad = await configure({
      baseUrl: "ftp://tickets.example",
      createBody: "{not json",
      statusUrl: "tickets/{ticketNumber}",
      idPath: "ticket..id",
      authHeaderName: "X Api Key",
    });
    expect(bad.statusCode, bad.body).toBe(422);
    const fields = bad.json<{ errors: { field: string }[] }>().errors.map((error) => error.field);
    expect(fields.sort()).toEqual(["authHeaderName", "baseUrl", "createBody", "idPath", "statusUrl"]);
    const outside = await configure({ createUrl: "https://elsewhere.example/tickets" });
    expect(outside.statusCode).toBe(422);
    expect(outside.json()).toMatchObject({ errors: [{ field: "createUrl" }] });
    for (const baseUrl of ["https://10.1.2.3/api", "https://[::1]/api", "https://169.254.169.254/latest"]) {
      const refused = await configure({ baseUrl });
      expect(refused.statusCode, baseUrl).toBe(422);
      expect(refused.json(), baseUrl).toMatchObject({ errors: [{ field: "baseUrl" }] });
    }
    // The stand-in on 127.0.0.1 only because the test lists it in attachments.allowedHosts.
    await f.t.app.platform.siteConfig.set("attachments.allowedHosts", "");
    try {
      const loopback = await configure({ baseUrl: `${api.origin}/api` });
      expect(loopback.statusCode).toBe(422);
      expect(loopback.json()).toMatchObject({ errors: [{ field: "baseUrl" }] });
    } finally {
      await f.t.app.platform.siteConfig.set("attachments.allowedHosts", "127.0.0.1");
    }
    const schema = await f.api.patch(
      "/api/v2/attachments/integrations/ticket",
      { createMethod: "DELETE" },
      {
        as: f.admin,
      },
    );
    expect(schema.statusCode).toBe(400);
    // Nothing refused was saved.
    const read = await f.api.get("/api/v2/attachments/integrations/ticket", { as: f.admin });
    expect(read.json()).toMatchObject({ baseUrl: `${api.origin}/api`, createMethod: "POST", idPath: "ticket.id" });
  });

  it("creates a ticket at the stand-in, refreshes its status and shows it to staff only", async () => {
    expect((await configure(ticketSettings())).statusCode).toBe(200);
    const discussion = await postDiscussion(f.api, f.as.member, {
      categoryID: f.category.general,
      name: 'Printer "on fire"',
      body: "It says\n\n**PC LOAD LETTER**.",
    });
    const catalog = await f.api.get("/api/v2/attachments/catalog", { as: f.as.moderator });
    expectSchema(AttachmentCatalog, catalog.json());
    expect(catalog.json()).toMatchObject({ ticket: { name: "Helpdesk", canCreate: true, label: "Create ticket" } });
    const form = await f.api.get(
      `/api/v2/attachments/schema?attachmentType=ticket&recordType=discussion&recordID=${discussion.discussionID}`,
      { as: f.as.moderator },
    );
    expect(form.statusCode, form.body).toBe(200);
    expectSchema(AttachmentFormSchema, form.json());
    const defaults = form.json<{ properties: { name: { default: string }; body: { default: string } } }>().properties;
    expect(defaults.name.default).toBe('Printer "on fire"');
    expect(defaults.body.default).toContain("PC LOAD LETTER");
    expect(defaults.body.default).toContain(discussion.url);

    const created = await f.api.post(
      "/api/v2/attachments",
      {
        attachmentType: "ticket",
        recordType: "discussion",
        recordID: discussion.discussionID,
        name: defaults.name.default,
        body: defaults.body.default,
      },
      { as: f.as.moderator },
    );
    expect(created.statusCode, created.body).toBe(201);
    expectSchema(Attachment, created.json());
    const attachment = created.json<AttachmentRecord>();
    expect(attachment).toMatchObject({
      recordType: "discussion",
      recordID: discussion.discussionID,
      type: "ticket",
      source: "Helpdesk",
      status: "open",
      foreignUserID: f.users.member.userID,
      insertUserID: f.users.moderator.userID,
      sourceUrl: `https://tickets.example/t/${attachment.sourceID}`,
    });
    // The stand-in got the post's values, the JSON intact (quotes, line breaks), the id as a number, the key sent.
    const sent = api.requests.at(-1)!;
    expect(sent).toMatchObject({ method: "POST", path: "/api/tickets", authorization: TOKEN });
    expect(JSON.parse(sent.body)).toEqual({
      title: 'Printer "on fire"',
      description: defaults.body.default,
      forumPost: discussion.discussionID,
    });
    expect(api.tickets.get(attachment.sourceID)?.title).toBe('Printer "on fire"');

    const shown = await f.api.get(`/api/v2/attachments?recordType=discussion&recordID=${discussion.discussionID}`, {
      as: f.as.moderator,
    });
    expect(shown.statusCode).toBe(200);
    expectSchema(Type.Array(Attachment), shown.json());
    expect(shown.json()).toEqual([attachment]);
    expect(shown.body).not.toContain(TOKEN);

    // The status changes at the stand-in; a refresh reads it.
    api.tickets.get(attachment.sourceID)!.status = "solved";
    const stale = await f.api.post(
      "/api/v2/attachments/refresh",
      { attachmentIDs: [attachment.attachmentID], onlyStale: true },
      { as: f.as.moderator },
    );
    expect(stale.statusCode).toBe(201);
    expect(stale.json(), "refreshed a moment ago: not stale yet").toMatchObject([{ status: "open" }]);
    f.t.clock.advance(11 * 60_000);
    const refreshed = await f.api.post(
      "/api/v2/attachments/refresh",
      { attachmentIDs: [attachment.attachmentID], onlyStale: true },
      { as: f.as.moderator },
    );
    expect(refreshed.statusCode, refreshed.body).toBe(201);
    expect(refreshed.json()).toMatchObject([{ status: "solved", updateUserID: f.users.moderator.userID }]);
    expect(api.requests.at(-1)).toMatchObject({ method: "GET", path: `/api/tickets/${attachment.sourceID}` });
    const again = await f.api.get(`/api/v2/attachments?recordType=discussion&recordID=${discussion.discussionID}`, {
      as: f.admin,
    });
    expect(again.json()).toMatchObject([{ attachmentID: attachment.attachmentID, status: "solved" }]);

    // A comment's ticket too.
    const comment = await postComment(f.api, f.as.member, discussion.discussionID, "Still burning.");
    const onComment = await f.api.post(
      "/api/v2/attachments",
      { attachmentType: "ticket", recordType: "comment", recordID: comment.commentID, name: "Burning", body: "" },
      { as: f.as.moderator },
    );
    expect(onComment.statusCode, onComment.body).toBe(201);
    const commentTickets = await f.api.get(`/api/v2/attachments?recordType=comment&recordID=${comment.commentID}`, {
      as: f.as.moderator,
    });
    const commentTicket = onComment.json<AttachmentRecord>();
    expect(commentTickets.json()).toMatchObject([{ recordType: "comment", sourceID: commentTicket.sourceID }]);
  });

  it("lists a page of comments' tickets in one call, every comment one the viewer may read", async () => {
    expect((await configure(ticketSettings())).statusCode).toBe(200);
    const discussion = await postDiscussion(f.api, f.as.member, { categoryID: f.category.general, name: "Many" });
    const comments = [];
    for (let index = 0; index < 8; index++)
      comments.push(await postComment(f.api, f.as.member, discussion.discussionID, `Comment ${index}.`));
    const ids = comments.map((comment) => comment.commentID);
    const ticketFor = async (commentID: number) => {
      const created = await f.api.post(
        "/api/v2/attachments",
        { attachmentType: "ticket", recordType: "comment", recordID: commentID, name: `For ${commentID}`, body: "" },
        { as: f.as.moderator },
      );
      expect(created.statusCode, created.body).toBe(201);
      return created.json<AttachmentRecord>();
    };
    const first = await ticketFor(ids[0]!);
    const third = await ticketFor(ids[2]!);
    const firstAgain = await ticketFor(ids[0]!);
    const list = (query: string, as: NonNullable<Parameters<typeof f.api.get>[1]>["as"] = f.as.moderator) =>
      f.api.get(`/api/v2/attachments?recordType=comment&${query}`, { as });

    // One call for the page: each comment's tickets, oldest first; a comment without one adds nothing.
    const page = await list(`recordIDs=${ids.slice(0, 3).join(",")}`);
    expect(page.statusCode, page.body).toBe(200);
    expectSchema(Type.Array(Attachment), page.json());
    expect(page.json()).toEqual([first, third, firstAgain]);
    // The bracket form too; and Vanilla's single recordID as before.
    const bracket = await list(`recordIDs[0]=${ids[2]}&recordIDs[1]=${ids[1]}`);
    expect(bracket.json()).toEqual([third]);
    expect((await list(`recordID=${ids[0]}`)).json()).toEqual([first, firstAgain]);
    expect((await list(`recordIDs=${ids[0]}`, f.admin)).json()).toEqual([first, firstAgain]);

    // A fixed number of queries whatever the number of comments (their discussion read once).
    const two = await fewestQueries(() => list(`recordIDs=${ids.slice(0, 2).join(",")}`));
    const eight = await fewestQueries(() => list(`recordIDs=${ids.join(",")}`));
    expect(eight).toBeLessThanOrEqual(two);

    // recordID or recordIDs, one of them; at most 100.
    expect((await list(`recordID=${ids[0]}&recordIDs=${ids[1]}`)).statusCode).toBe(400);
    expect((await list("")).statusCode).toBe(400);
    const tooMany = Array.from({ length: 101 }, (_, index) => index + 1).join(",");
    expect((await list(`recordIDs=${tooMany}`)).statusCode).toBe(400);
    // Members and guests: refused, as for one post.
    for (const as of [null, f.as.member]) expect((await list(`recordIDs=${ids[0]}`, as as never)).statusCode).toBe(403);

    // A comment the viewer may not read refuses the whole call, as it refuses alone; a deleted one is a 404.
    const moderatorRole = await roleIDOfType(f.t.database.db, "moderator");
    const hiddenCategory = f.category["off-topic"];
    const hiddenDiscussion = await postDiscussion(f.api, f.admin, { categoryID: hiddenCategory, name: "Staff room" });
    const hidden = await postComment(f.api, f.admin, hiddenDiscussion.discussionID, "Not for moderators.");
    const onHidden = await f.api.post(
      "/api/v2/attachments",
      { attachmentType: "ticket", recordType: "comment", recordID: hidden.commentID, name: "Hidden", body: "" },
      { as: f.admin },
    );
    expect(onHidden.statusCode, onHidden.body).toBe(201);
    const viewHidden = (view: boolean) =>
      f.api.patch(
        `/api/v2/roles/${moderatorRole}`,
        { permissions: [{ type: "category", id: hiddenCategory, permissions: { "discussions.view": view } }] },
        { as: f.admin },
      );
    expect((await viewHidden(false)).statusCode).toBe(200);
    try {
      const alone = await list(`recordID=${hidden.commentID}`);
      expect([403, 404], alone.body).toContain(alone.statusCode);
      for (const query of [`recordIDs=${ids[0]},${hidden.commentID}`, `recordIDs=${hidden.commentID},${ids[0]}`]) {
        const mixed = await list(query);
        expect(mixed.statusCode, query).toBe(alone.statusCode);
        expect(mixed.body).not.toContain("Hidden");
      }
      // The site manager still reads them all.
      const all = await list(`recordIDs=${ids[0]},${hidden.commentID}`, f.admin);
      expect(all.json<AttachmentRecord[]>().map((attachment) => attachment.recordID)).toEqual([
        ids[0],
        ids[0],
        hidden.commentID,
      ]);
    } finally {
      expect((await viewHidden(true)).statusCode).toBe(200);
    }
    const removed = await f.api.delete(`/api/v2/comments/${ids[7]}`, { as: f.admin });
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await list(`recordIDs=${ids[0]},${ids[7]}`)).statusCode).toBe(404);
  });

  it("refreshes stale tickets in the background: the last known status when the API fails, limited per member", async () => {
    expect((await configure(ticketSettings())).statusCode).toBe(200);
    const discussion = await postDiscussion(f.api, f.as.member, { categoryID: f.category.general, name: "Stale" });
    const comment = await postComment(f.api, f.as.member, discussion.discussionID, "Old news.");
    const created = await f.api.post(
      "/api/v2/attachments",
      { attachmentType: "ticket", recordType: "comment", recordID: comment.commentID, name: "Old", body: "" },
      { as: f.as.moderator },
    );
    const ticket = created.json<AttachmentRecord>();
    const refresh = (onlyStale: boolean, as = f.as.moderator) =>
      f.api.post("/api/v2/attachments/refresh", { attachmentIDs: [ticket.attachmentID], onlyStale }, { as });

    // The ticket API fails: a background refresh answers the last known status, a pressed one says it failed.
    api.tickets.get(ticket.sourceID)!.status = "closed";
    api.state.readsFail = true;
    f.t.clock.advance(11 * 60_000);
    try {
      const background = await refresh(true);
      expect(background.statusCode, background.body).toBe(201);
      expect(background.json()).toMatchObject([{ status: "open", dateUpdated: ticket.dateUpdated }]);
      expect((await refresh(false)).statusCode).toBe(502);
    } finally {
      api.state.readsFail = false;
    }
    // Back up: the next look reads it (still stale, since nothing was stored).
    expect((await refresh(true)).json()).toMatchObject([{ status: "closed" }]);

    // A member's refreshes per minute are limited (each may call the ticket API 10 times).
    for (let call = 0; call < attachmentsLimits.refreshPerMinute; call++)
      expect((await refresh(true, f.as.busy)).statusCode, `call ${call + 1}`).toBe(201);
    const limited = await refresh(true, f.as.busy);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ message: attachmentMessages.refreshLimited });
    // Another member is not.
    expect((await refresh(true)).statusCode).toBe(201);
  });

  it("refuses members and guests, and leaves nothing when the ticket service fails", async () => {
    const discussion = await postDiscussion(f.api, f.as.member, { categoryID: f.category.general, name: "Mine" });
    const body = {
      attachmentType: "ticket",
      recordType: "discussion",
      recordID: discussion.discussionID,
      name: "T",
      body: "",
    };
    for (const as of [null, f.as.member]) {
      const options = { as: as as never };
      const statuses = [
        (await f.api.get(`/api/v2/attachments?recordType=discussion&recordID=${discussion.discussionID}`, options))
          .statusCode,
        (await f.api.post("/api/v2/attachments", body, options)).statusCode,
        (await f.api.post("/api/v2/attachments/refresh", { attachmentIDs: [1] }, options)).statusCode,
        (
          await f.api.get(
            `/api/v2/attachments/schema?attachmentType=ticket&recordType=discussion&recordID=${discussion.discussionID}`,
            options,
          )
        ).statusCode,
        (await f.api.get("/api/v2/attachments/integrations/ticket", options)).statusCode,
        (await f.api.patch("/api/v2/attachments/integrations/ticket", { enabled: false }, options)).statusCode,
      ];
      expect(statuses, as === null ? "guest" : "member").toEqual(statuses.map(() => 403));
      expect((await f.api.get("/api/v2/attachments/catalog", options)).json()).toEqual({});
    }
    // Moderators do not configure.
    expect((await f.api.get("/api/v2/attachments/integrations/ticket", { as: f.as.moderator })).statusCode).toBe(403);
    // More than 10 at a time is refused.
    const many = await f.api.post(
      "/api/v2/attachments/refresh",
      { attachmentIDs: Array.from({ length: 11 }, (_, index) => index + 1) },
      { as: f.as.moderator },
    );
    expect(many.statusCode).toBe(400);

    api.state.failNext = true;
    const failed = await f.api.post("/api/v2/attachments", body, { as: f.as.moderator });
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({ description: "The ticket service answered 500." });
    const none = await f.api.get(`/api/v2/attachments?recordType=discussion&recordID=${discussion.discussionID}`, {
      as: f.as.moderator,
    });
    expect(none.json()).toEqual([]);

    // Turned off: the catalog is empty and creating is refused.
    expect((await configure({ enabled: false })).statusCode).toBe(200);
    expect((await f.api.get("/api/v2/attachments/catalog", { as: f.as.moderator })).json()).toEqual({});
    const off = await f.api.post("/api/v2/attachments", body, { as: f.as.moderator });
    expect(off.statusCode).toBe(422);
    expect(off.json()).toMatchObject({ errors: [{ field: "attachmentType" }] });
  });
});
