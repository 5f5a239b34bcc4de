import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Type } from "typebox";
import { ModerationMessage, type ModerationMessage as MessageRecord } from "@parley/contracts";
import type { Session } from "../../test/accounts.ts";
import { createContentFixture, expectSchema, type ContentFixture } from "../../test/content.ts";
import { roleIDOfType } from "../../test/accounts.ts";
import { engines } from "../../test/databases.ts";

const cast = {
  ann: { name: "Ann Reader", role: "member" },
  mod: { name: "Mo Moderator", role: "moderator" },
} as const;
type Who = keyof typeof cast;

describe.each(engines)("moderation messages on %s", (engine) => {
  let f: ContentFixture<Who>;

  beforeAll(async () => {
    f = await createContentFixture(engine, cast);
  });
  afterAll(async () => {
    await f?.t.close();
  });

  const list = async (as: Session | null, query = "") => {
    const response = await f.api.get(`/api/v2/moderation-messages${query}`, { as });
    expect(response.statusCode, response.body).toBe(200);
    expectSchema(Type.Array(ModerationMessage), response.json());
    return response.json<MessageRecord[]>();
  };

  it("lets community managers add, change and delete messages; moderators, members and guests may not", async () => {
    const body = {
      body: "Maintenance **tonight** <script>alert(1)</script>",
      format: "markdown",
      viewLocation: "content",
    };
    for (const as of [f.as.ann, f.as.mod, null])
      expect((await f.api.post("/api/v2/moderation-messages", body, { as })).statusCode).toBe(403);
    const created = await f.api.post("/api/v2/moderation-messages", { ...body, isDismissible: true }, { as: f.admin });
    expect(created.statusCode, created.body).toBe(201);
    expectSchema(ModerationMessage, created.json());
    const message = created.json<MessageRecord>();
    expect(message).toMatchObject({
      bodyRaw: body.body,
      format: "markdown",
      type: "info",
      viewLocation: "content",
      recordType: null,
      recordID: null,
      isEnabled: true,
      isDismissible: true,
      insertUserID: f.adminID,
    });
    // Rendered by the one post pipeline and sanitised.
    expect(message.body).toContain("<strong>tonight</strong>");
    expect(message.body).not.toContain("<script");

    const path = `/api/v2/moderation-messages/${message.moderationMessageID}`;
    for (const as of [f.as.ann, f.as.mod]) {
      expect((await f.api.patch(path, { isEnabled: false }, { as })).statusCode).toBe(403);
      expect((await f.api.delete(path, { as })).statusCode).toBe(403);
    }
    // PATCH takes its schema's fields only: an unknown one changes nothing.
    const patched = await f.api.patch(
      path,
      { type: "warning", sort: 5, moderationMessageID: 999, insertUserID: f.users.ann.userID },
      { as: f.admin },
    );
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json<MessageRecord>()).toMatchObject({
      moderationMessageID: message.moderationMessageID,
      type: "warning",
      sort: 5,
      insertUserID: f.adminID,
      updateUserID: f.adminID,
      bodyRaw: body.body,
    });
    expect((await f.api.patch(path, { format: "nonsense" }, { as: f.admin })).statusCode).toBe(422);
    expect((await f.api.patch(path, { recordType: "category", recordID: 987654 }, { as: f.admin })).statusCode).toBe(
      422,
    );
    expect((await f.api.delete(path, { as: f.admin })).statusCode).toBe(204);
    expect((await f.api.get(path, { as: f.admin })).statusCode).toBe(404);
    expect((await f.api.delete(path, { as: f.admin })).statusCode).toBe(404);
  });

  it("shows everyone the enabled messages only; managers see them all; category messages name their category", async () => {
    const add = async (fields: Record<string, unknown>) => {
      const response = await f.api.post(
        "/api/v2/moderation-messages",
        { format: "text", viewLocation: "content", ...fields },
        { as: f.admin },
      );
      expect(response.statusCode, response.body).toBe(201);
      return response.json<MessageRecord>();
    };
    const on = await add({ body: "Welcome, everyone.", sort: 2 });
    const off = await add({ body: "Draft notice.", isEnabled: false });
    const scoped = await add({
      body: "General only.",
      recordType: "category",
      recordID: f.category.general,
      includeDescendants: true,
      sort: 1,
    });
    for (const as of [null, f.as.ann]) {
      const seen = await list(as);
      expect(seen.map((message) => message.bodyRaw)).toEqual(["General only.", "Welcome, everyone."]);
      expect((await f.api.get(`/api/v2/moderation-messages/${off.moderationMessageID}`, { as })).statusCode).toBe(404);
      expect((await list(as, "?isEnabled=false")).length).toBe(0);
    }
    expect((await list(f.admin)).map((message) => message.moderationMessageID)).toEqual([
      off.moderationMessageID,
      scoped.moderationMessageID,
      on.moderationMessageID,
    ]);
    expect((await list(f.admin, "?isEnabled=false")).map((message) => message.bodyRaw)).toEqual(["Draft notice."]);
    expect(await list(null, `?recordType=category&recordID=${f.category.general}`)).toEqual([
      expect.objectContaining({ recordType: "category", recordID: f.category.general, includeDescendants: true }),
    ]);
    // A page in a category shows the site-wide messages and those of the category (or an ancestor's, with descendants).
    const general = await list(null, `?categoryID=${f.category.general}`);
    expect(general.map((message) => message.bodyRaw)).toEqual(["General only.", "Welcome, everyone."]);
    expect((await list(null, `?categoryID=${f.category.ideas}`)).map((message) => message.bodyRaw)).toEqual([
      "Welcome, everyone.",
    ]);
    await add({ body: "Help and below.", recordType: "category", recordID: f.category.help, includeDescendants: true });
    await add({ body: "Help itself.", recordType: "category", recordID: f.category.help, sort: 3 });
    expect((await list(null, `?categoryID=${f.category.installation}`)).map((message) => message.bodyRaw)).toEqual([
      "Help and below.",
      "Welcome, everyone.",
    ]);
    const got = await f.api.get(`/api/v2/moderation-messages/${on.moderationMessageID}`);
    expect(got.statusCode).toBe(200);
    expect(got.json<MessageRecord>().body).toContain("Welcome, everyone.");
  });

  it("keeps a category's message to those who may see the category", async () => {
    const hidden = f.category["show-and-tell"];
    const memberRole = await roleIDOfType(f.t.database.db, "member");
    const hide = await f.api.patch(
      `/api/v2/roles/${memberRole}`,
      { permissions: [{ type: "category", id: hidden, permissions: { "discussions.view": false } }] },
      { as: f.admin },
    );
    expect(hide.statusCode, hide.body).toBe(200);
    const created = await f.api.post(
      "/api/v2/moderation-messages",
      {
        body: "Staff plans for the show.",
        format: "text",
        viewLocation: "content",
        recordType: "category",
        recordID: hidden,
      },
      { as: f.admin },
    );
    expect(created.statusCode, created.body).toBe(201);
    const { moderationMessageID } = created.json<MessageRecord>();
    const bodies = async (as: Session | null, query = "") => (await list(as, query)).map((message) => message.bodyRaw);
    expect(await bodies(f.as.ann)).not.toContain("Staff plans for the show.");
    expect(await bodies(f.as.ann, `?categoryID=${hidden}`)).not.toContain("Staff plans for the show.");
    expect((await f.api.get(`/api/v2/moderation-messages/${moderationMessageID}`, { as: f.as.ann })).statusCode).toBe(
      404,
    );
    expect(await bodies(f.admin, `?categoryID=${hidden}`)).toContain("Staff plans for the show.");
    expect(await bodies(f.admin)).toContain("Staff plans for the show.");
  });
});
