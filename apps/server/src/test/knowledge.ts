import { expect } from "vitest";
import { Type } from "typebox";
import type {
  Article as ArticleRecord,
  ArticlePost,
  KnowledgeBase as KnowledgeBaseRecord,
  KnowledgeBasePost,
  KnowledgeCategory as KnowledgeCategoryRecord,
  KnowledgeCategoryPost,
} from "@parley/contracts";
import type { DialectName } from "../platform/db/database.ts";
import { roleIDOfType, type Session } from "./accounts.ts";
import { createContentFixture, expectSchema, type ContentFixture } from "./content.ts";

/*
 * The knowledge base's route tests: the demo community (with its Help Center and Administrator Guide), a
 * member and a moderator, and helpers that create records and check them against the contract.
 */

type KnowledgeCast = "member" | "other" | "moderator";
export type KnowledgeFixture = ContentFixture<KnowledgeCast>;

export const ArticleList = Type.Array(Type.Ref("Article"));
export const KnowledgeCategoryList = Type.Array(Type.Ref("KnowledgeCategory"));
export const KnowledgeBaseList = Type.Array(Type.Ref("KnowledgeBase"));

export const createKnowledgeFixture = (engine: DialectName): Promise<KnowledgeFixture> =>
  createContentFixture(engine, {
    member: { name: "KB Member", role: "member" },
    other: { name: "KB Other", role: "member" },
    moderator: { name: "KB Moderator", role: "moderator" },
  });

let codes = 0;

/** Creates a knowledge base as `as` (the admin unless told) and expects 201. */
export async function postBase(
  f: KnowledgeFixture,
  fields: Partial<KnowledgeBasePost> = {},
  as: Session = f.admin,
): Promise<KnowledgeBaseRecord> {
  const response = await f.api.post(
    "/api/v2/knowledge-bases",
    { name: "Test Base", description: "For tests.", urlCode: `test-base-${++codes}`, viewType: "help", ...fields },
    { as },
  );
  expect(response.statusCode, response.body).toBe(201);
  const base = response.json<KnowledgeBaseRecord>();
  expectSchema(Type.Ref("KnowledgeBase"), base);
  return base;
}

export async function postCategory(
  f: KnowledgeFixture,
  fields: KnowledgeCategoryPost,
  as: Session = f.as.moderator,
): Promise<KnowledgeCategoryRecord> {
  const response = await f.api.post("/api/v2/knowledge-categories", fields, { as });
  expect(response.statusCode, response.body).toBe(201);
  const category = response.json<KnowledgeCategoryRecord>();
  expectSchema(Type.Ref("KnowledgeCategory"), category);
  return category;
}

export async function postArticle(
  f: KnowledgeFixture,
  fields: Partial<ArticlePost> & { knowledgeCategoryID: number },
  as: Session = f.as.moderator,
): Promise<ArticleRecord> {
  const response = await f.api.post(
    "/api/v2/articles",
    { name: "An article", body: "## First\n\nSome **text**.", format: "markdown", ...fields },
    { as },
  );
  expect(response.statusCode, response.body).toBe(201);
  const article = response.json<ArticleRecord>();
  expectSchema(Type.Ref("Article"), article);
  return article;
}

export async function getCategory(f: KnowledgeFixture, id: number, as: Session | null = f.admin) {
  const response = await f.api.get(`/api/v2/knowledge-categories/${id}`, { as });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<KnowledgeCategoryRecord>();
}

export async function getBase(f: KnowledgeFixture, id: number, as: Session | null = f.admin) {
  const response = await f.api.get(`/api/v2/knowledge-bases/${id}`, { as });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<KnowledgeBaseRecord>();
}

/** Grants or takes away a global permission of a role (its other global grants kept). */
export async function setRolePermission(
  f: KnowledgeFixture,
  type: "guest" | "member",
  name: string,
  granted: boolean,
): Promise<void> {
  const roleID = await roleIDOfType(f.t.database.db, type);
  const role = await f.api.get(`/api/v2/roles/${roleID}?expand=permissions`, { as: f.admin });
  expect(role.statusCode, role.body).toBe(200);
  const global = role
    .json<{ permissions: Array<{ type: string; permissions: Record<string, boolean> }> }>()
    .permissions.find((fragment) => fragment.type === "global")!;
  const response = await f.api.patch(
    `/api/v2/roles/${roleID}`,
    { permissions: [{ type: "global", permissions: { ...global.permissions, [name]: granted } }] },
    { as: f.admin },
  );
  expect(response.statusCode, response.body).toBe(200);
}
