import { expect } from "vitest";
import { Type, type TSchema } from "typebox";
import { Value } from "typebox/value";
import {
  Article,
  Comment,
  CommentThreadItemSchema,
  Discussion,
  KnowledgeBase,
  KnowledgeCategory,
  Tag,
  UserFragment,
  type Category,
  type Comment as CommentRecord,
  type Discussion as DiscussionRecord,
  type DiscussionPost,
  type User,
} from "@parley/contracts";
import type { PlatformConfig } from "../platform/context.ts";
import type { DialectName } from "../platform/db/database.ts";
import {
  createApi,
  createCast,
  roleIDOfType,
  seededAdmin,
  type Api,
  type NewTestUser,
  type Session,
  type TestUser,
} from "./accounts.ts";
import { createTestApp, type TestApp } from "./app.ts";

/*
 * The content core's route tests (discussions, comments, reactions, tags): the demo community, a cast
 * signed in once per describe block, the demo categories by urlcode, and contract checks with the
 * shared schemas' `$ref`s resolved.
 */

/** The schemas the contracts name by `$ref`, as TypeBox's check context. */
const sharedSchemas = {
  UserFragment,
  Discussion,
  Comment,
  Tag,
  CommentThreadItem: CommentThreadItemSchema,
  KnowledgeBase,
  KnowledgeCategory,
  Article,
};
const DiscussionList = Type.Array(Type.Ref("Discussion"));
const CommentList = Type.Array(Type.Ref("Comment"));

/** Fails with TypeBox's errors unless the value matches the contract schema (`$ref`s resolved). */
export function expectSchema(schema: TSchema, value: unknown, where = "response"): void {
  if (Value.Check(sharedSchemas, schema, value)) return;
  expect([...Value.Errors(sharedSchemas, schema, value)].slice(0, 5), `${where} matches its schema`).toEqual([]);
}

type DemoCategoryCode =
  "announcements" | "general" | "help" | "installation" | "troubleshooting" | "ideas" | "show-and-tell" | "off-topic";

/** A cast member; `bypassSpam` lifts flood control, so a test may post more than 3 times in 30 s. */
export type CastMember = NewTestUser & { bypassSpam?: boolean };

export interface ContentFixture<K extends string> {
  t: TestApp;
  api: Api;
  users: Record<K, TestUser>;
  as: Record<K, Session>;
  admin: Session;
  adminID: number;
  category: Record<DemoCategoryCode, number>;
}

/** The demo community on the engine, the cast created and signed in, the seeded admin signed in. */
export async function createContentFixture<K extends string>(
  engine: DialectName,
  cast: Record<K, CastMember>,
  options: { sitemapChunkSize?: number; config?: Partial<PlatformConfig>; readCacheTtlMs?: number } = {},
): Promise<ContentFixture<K>> {
  const t = await createTestApp(engine, { seed: true, ...options });
  const api = createApi(t.app);
  const db = t.database.db;
  const users = await createCast(db, cast);
  const spamExempt = (Object.keys(cast) as K[]).filter((key) => cast[key].bypassSpam).map((key) => users[key].userID);
  if (spamExempt.length)
    await db.updateTable("users").set({ bypassSpam: 1 }).where("userID", "in", spamExempt).execute();
  const keys = Object.keys(users) as K[];
  const sessions = await Promise.all(keys.map((key) => api.signIn(users[key])));
  const admin = await api.signIn(seededAdmin);
  const rows = await db.selectFrom("categories").select(["categoryID", "urlcode"]).execute();
  const category = Object.fromEntries(rows.map((row) => [row.urlcode, row.categoryID])) as Record<
    DemoCategoryCode,
    number
  >;
  return {
    t,
    api,
    users,
    as: Object.fromEntries(keys.map((key, index) => [key, sessions[index]!])) as Record<K, Session>,
    admin,
    adminID: admin.userID,
    category,
  };
}

/** Lets members view a category's discussions, or not (the member role's `discussions.view` there). */
export async function membersMayView<K extends string>(f: ContentFixture<K>, categoryID: number, view: boolean) {
  const memberRole = await roleIDOfType(f.t.database.db, "member");
  return f.api.patch(
    `/api/v2/roles/${memberRole}`,
    { permissions: [{ type: "category", id: categoryID, permissions: { "discussions.view": view } }] },
    { as: f.admin },
  );
}

/**
 * Makes a category (and its children) members-only: guests lose `discussions.view` there, members read, post and
 * comment by its own permissions. Fails the test unless both roles change.
 */
export async function makeMembersOnly<K extends string>(f: ContentFixture<K>, categoryID: number): Promise<void> {
  const guests = await f.api.patch(
    `/api/v2/roles/${await roleIDOfType(f.t.database.db, "guest")}`,
    { permissions: [{ type: "category", id: categoryID, permissions: { "discussions.view": false } }] },
    { as: f.admin },
  );
  expect(guests.statusCode, guests.body).toBe(200);
  const members = await f.api.patch(
    `/api/v2/roles/${await roleIDOfType(f.t.database.db, "member")}`,
    {
      permissions: [
        {
          type: "category",
          id: categoryID,
          permissions: { "discussions.view": true, "discussions.add": true, "comments.add": true },
        },
      ],
    },
    { as: f.admin },
  );
  expect(members.statusCode, members.body).toBe(200);
}

/** Runs `work` while every post of a new member is held for approval (premoderation), then turns it off again. */
export async function whileHoldingNewMembers<K extends string>(f: ContentFixture<K>, work: () => Promise<void>) {
  const setting = (value: number) =>
    f.api.patch("/api/v2/config", { "premoderation.newMemberPosts": value }, { as: f.admin });
  expect((await setting(100)).statusCode).toBe(200);
  try {
    await work();
  } finally {
    expect((await setting(0)).statusCode).toBe(200);
  }
}

/** Starts a discussion (markdown in General unless told otherwise) and expects 201. */
export async function postDiscussion(
  api: Api,
  as: Session,
  fields: Partial<DiscussionPost> & { categoryID: number },
): Promise<DiscussionRecord> {
  const response = await api.post(
    "/api/v2/discussions",
    { name: "A discussion", body: "Some **text**.", format: "markdown", ...fields },
    { as },
  );
  expect(response.statusCode, response.body).toBe(201);
  const discussion = response.json<DiscussionRecord>();
  expectSchema(Discussion, discussion);
  return discussion;
}

/** Replies to a discussion (markdown unless told otherwise) and expects 201. */
export async function postComment(
  api: Api,
  as: Session,
  discussionID: number,
  body = "A reply.",
  format = "markdown",
): Promise<CommentRecord> {
  const response = await api.post("/api/v2/comments", { discussionID, body, format }, { as });
  expect(response.statusCode, response.body).toBe(201);
  const comment = response.json<CommentRecord>();
  expectSchema(Comment, comment);
  return comment;
}

/** GET a list, expect 200 and every item to match the schema. */
export async function getDiscussions(api: Api, query: string, as: Session | null = null): Promise<DiscussionRecord[]> {
  const response = await api.get(`/api/v2/discussions${query ? `?${query}` : ""}`, { as });
  expect(response.statusCode, response.body).toBe(200);
  const items = response.json<DiscussionRecord[]>();
  expectSchema(DiscussionList, items, `GET /discussions?${query}`);
  return items;
}

export async function getComments(api: Api, query: string, as: Session | null = null): Promise<CommentRecord[]> {
  const response = await api.get(`/api/v2/comments?${query}`, { as });
  expect(response.statusCode, response.body).toBe(200);
  const items = response.json<CommentRecord[]>();
  expectSchema(CommentList, items, `GET /comments?${query}`);
  return items;
}

/** A category's counts, as the admin sees them. */
export async function categoryCounts(api: Api, admin: Session, categoryID: number) {
  const category = (await api.get(`/api/v2/categories/${categoryID}`, { as: admin })).json<Category>();
  const { countDiscussions, countComments, countAllDiscussions, countAllComments } = category;
  return { countDiscussions, countComments, countAllDiscussions, countAllComments };
}

/** A member's post counts, as the admin sees them. */
export async function userCounts(api: Api, admin: Session, userID: number) {
  const user = (await api.get(`/api/v2/users/${userID}`, { as: admin })).json<User>();
  return { countDiscussions: user.countDiscussions, countComments: user.countComments };
}
