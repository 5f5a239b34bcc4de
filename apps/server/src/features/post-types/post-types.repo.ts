import { sql, type Kysely, type RawBuilder, type Selectable, type SqlBool } from "kysely";
import type { DialectName } from "../../platform/db/database.ts";
import type { DB } from "../../platform/db/schema.ts";

export type PostTypeRow = Selectable<DB["postTypes"]>;
export type PostFieldRow = Selectable<DB["postFields"]>;

export interface PostTypeFilters {
  postTypeID?: string;
  parentPostTypeID?: string;
  isActive?: boolean;
  includeDeleted?: boolean;
}

export interface PostFieldFilters {
  postTypeID?: string;
  dataType?: string;
  formType?: string;
  visibility?: string;
  isRequired?: boolean;
  isActive?: boolean;
}

/** One `postMeta` filter of a discussion list: the field, and the values that match (any of them). */
export interface MetaMatch {
  postFieldID: string;
  /** A field of single values: the values' JSON text, as stored. */
  json?: string[];
  /** A field of tokens (`string[]`): a discussion matches when its list holds one of these. */
  tokens?: string[];
  /** Only this author's discussions (a private field, filtered by a member who is not a moderator). */
  authorID?: number;
}

/**
 * A condition on `discussions` for a discussion list: the discussion has a value of the field that matches. Tokens
 * are looked up in the stored JSON array with each engine's own JSON functions, so a token is matched whole.
 */
export function metaCondition(dialect: DialectName, match: MetaMatch): RawBuilder<SqlBool> {
  const list = (values: string[]) =>
    sql.join(
      values.map((value) => sql`${value}`),
      sql`, `,
    );
  const value =
    match.tokens !== undefined
      ? dialect === "postgres"
        ? sql`m."value"::jsonb @> any (array[${list(match.tokens.map((token) => JSON.stringify([token])))}]::jsonb[])`
        : sql`exists (select 1 from json_each(m."value") t where t."value" in (${list(match.tokens)}))`
      : sql`m."value" in (${list(match.json ?? [])})`;
  const author = match.authorID === undefined ? sql`` : sql` and "discussions"."insertUserID" = ${match.authorID}`;
  return sql<SqlBool>`(exists (select 1 from "discussionPostMeta" m where m."discussionID" = "discussions"."discussionID" and m."postFieldID" = ${match.postFieldID} and ${value})${author})`;
}

/**
 * The only file with the post types' SQL: the `postTypes`, `postTypeRoles`, `postTypeCategories`, `postFields`,
 * `postTypeFields` and `discussionPostMeta` tables it owns.
 */
export function createPostTypesRepo(db: Kysely<DB>) {
  /** postTypeID → its ids in one of the junction tables, for these types. */
  async function linksOf(
    table: "postTypeRoles" | "postTypeCategories",
    column: "roleID" | "categoryID",
    postTypeIDs: string[],
  ): Promise<Map<string, number[]>> {
    const out = new Map<string, number[]>();
    if (!postTypeIDs.length) return out;
    const rows = (await db
      .selectFrom(table)
      .select(["postTypeID", column])
      .where("postTypeID", "in", postTypeIDs)
      .orderBy(column)
      .execute()) as Array<Record<string, string | number>>;
    for (const row of rows) {
      const key = String(row["postTypeID"]);
      out.set(key, [...(out.get(key) ?? []), Number(row[column])]);
    }
    return out;
  }

  return {
    withTransaction: (trx: Kysely<DB>) => createPostTypesRepo(trx),

    listTypes(filters: PostTypeFilters = {}): Promise<PostTypeRow[]> {
      let query = db.selectFrom("postTypes").selectAll();
      if (filters.postTypeID) query = query.where("postTypeID", "=", filters.postTypeID);
      if (filters.parentPostTypeID) query = query.where("parentPostTypeID", "=", filters.parentPostTypeID);
      if (filters.isActive !== undefined) query = query.where("isActive", "=", filters.isActive ? 1 : 0);
      if (!filters.includeDeleted) query = query.where("isDeleted", "=", 0);
      return query.orderBy("name").orderBy("postTypeID").execute();
    },

    getType: (postTypeID: string) =>
      db.selectFrom("postTypes").selectAll().where("postTypeID", "=", postTypeID).executeTakeFirst(),

    async countTypes(): Promise<number> {
      const row = await db
        .selectFrom("postTypes")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },

    async insertType(row: PostTypeRow): Promise<void> {
      await db.insertInto("postTypes").values(row).execute();
    },

    async updateType(postTypeID: string, changes: Partial<Omit<PostTypeRow, "postTypeID">>): Promise<void> {
      await db.updateTable("postTypes").set(changes).where("postTypeID", "=", postTypeID).execute();
    },

    rolesOf: (postTypeIDs: string[]) => linksOf("postTypeRoles", "roleID", postTypeIDs),
    categoriesOf: (postTypeIDs: string[]) => linksOf("postTypeCategories", "categoryID", postTypeIDs),

    async setRoles(postTypeID: string, roleIDs: number[]): Promise<void> {
      await db.deleteFrom("postTypeRoles").where("postTypeID", "=", postTypeID).execute();
      if (roleIDs.length)
        await db
          .insertInto("postTypeRoles")
          .values(roleIDs.map((roleID) => ({ postTypeID, roleID })))
          .execute();
    },

    async setCategories(postTypeID: string, categoryIDs: number[]): Promise<void> {
      await db.deleteFrom("postTypeCategories").where("postTypeID", "=", postTypeID).execute();
      if (categoryIDs.length)
        await db
          .insertInto("postTypeCategories")
          .values(categoryIDs.map((categoryID) => ({ postTypeID, categoryID })))
          .execute();
    },

    /** categoryID → the active site post types it takes, for these categories (one query). */
    async activeTypesOfCategories(categoryIDs: number[]): Promise<Map<number, string[]>> {
      const out = new Map<number, string[]>();
      if (!categoryIDs.length) return out;
      const rows = await db
        .selectFrom("postTypeCategories")
        .innerJoin("postTypes", "postTypes.postTypeID", "postTypeCategories.postTypeID")
        .select(["postTypeCategories.categoryID", "postTypeCategories.postTypeID"])
        .where("postTypeCategories.categoryID", "in", categoryIDs)
        .where("postTypes.isActive", "=", 1)
        .where("postTypes.isDeleted", "=", 0)
        .orderBy("postTypeCategories.postTypeID")
        .execute();
      for (const row of rows) out.set(row.categoryID, [...(out.get(row.categoryID) ?? []), row.postTypeID]);
      return out;
    },

    /** The category takes exactly these site post types (of the active ones; inactive links stay). */
    async setCategoryTypes(categoryID: number, postTypeIDs: string[]): Promise<void> {
      const active = db
        .selectFrom("postTypes")
        .select("postTypeID")
        .where("isActive", "=", 1)
        .where("isDeleted", "=", 0);
      await db
        .deleteFrom("postTypeCategories")
        .where("categoryID", "=", categoryID)
        .where("postTypeID", "in", active)
        .execute();
      if (postTypeIDs.length)
        await db
          .insertInto("postTypeCategories")
          .values(postTypeIDs.map((postTypeID) => ({ postTypeID, categoryID })))
          .execute();
    },

    /** Of these role ids, those that exist. */
    async existingRoles(roleIDs: number[]): Promise<Set<number>> {
      if (!roleIDs.length) return new Set();
      const rows = await db.selectFrom("roles").select("roleID").where("roleID", "in", roleIDs).execute();
      return new Set(rows.map((row) => row.roleID));
    },

    listFields(filters: PostFieldFilters = {}): Promise<PostFieldRow[]> {
      let query = db.selectFrom("postFields").selectAll("postFields");
      if (filters.postTypeID)
        query = query
          .innerJoin("postTypeFields", "postTypeFields.postFieldID", "postFields.postFieldID")
          .where("postTypeFields.postTypeID", "=", filters.postTypeID)
          .orderBy("postTypeFields.sort");
      if (filters.dataType) query = query.where("postFields.dataType", "=", filters.dataType);
      if (filters.formType) query = query.where("postFields.formType", "=", filters.formType);
      if (filters.visibility) query = query.where("postFields.visibility", "=", filters.visibility);
      if (filters.isRequired !== undefined)
        query = query.where("postFields.isRequired", "=", filters.isRequired ? 1 : 0);
      if (filters.isActive !== undefined) query = query.where("postFields.isActive", "=", filters.isActive ? 1 : 0);
      return query.orderBy("postFields.label").orderBy("postFields.postFieldID").execute();
    },

    getField: (postFieldID: string) =>
      db.selectFrom("postFields").selectAll().where("postFieldID", "=", postFieldID).executeTakeFirst(),

    async countFields(): Promise<number> {
      const row = await db
        .selectFrom("postFields")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },

    async insertField(row: PostFieldRow): Promise<void> {
      await db.insertInto("postFields").values(row).execute();
    },

    async updateField(postFieldID: string, changes: Partial<Omit<PostFieldRow, "postFieldID">>): Promise<void> {
      await db.updateTable("postFields").set(changes).where("postFieldID", "=", postFieldID).execute();
    },

    /** The definition, its place in post types and every discussion's value of it. */
    async removeField(postFieldID: string): Promise<void> {
      await db.deleteFrom("discussionPostMeta").where("postFieldID", "=", postFieldID).execute();
      await db.deleteFrom("postTypeFields").where("postFieldID", "=", postFieldID).execute();
      await db.deleteFrom("postFields").where("postFieldID", "=", postFieldID).execute();
    },

    /** postFieldID → the post types it belongs to. */
    async typesOfFields(postFieldIDs: string[]): Promise<Map<string, string[]>> {
      const out = new Map<string, string[]>();
      if (!postFieldIDs.length) return out;
      const rows = await db
        .selectFrom("postTypeFields")
        .select(["postFieldID", "postTypeID"])
        .where("postFieldID", "in", postFieldIDs)
        .orderBy("postTypeID")
        .execute();
      for (const row of rows) out.set(row.postFieldID, [...(out.get(row.postFieldID) ?? []), row.postTypeID]);
      return out;
    },

    /** The post type's fields are these, in this order (their sort their place). */
    async setTypeFields(postTypeID: string, postFieldIDs: string[]): Promise<void> {
      await db.deleteFrom("postTypeFields").where("postTypeID", "=", postTypeID).execute();
      if (postFieldIDs.length)
        await db
          .insertInto("postTypeFields")
          .values(postFieldIDs.map((postFieldID, sort) => ({ postTypeID, postFieldID, sort })))
          .execute();
    },

    /** The field joins the post type, last. */
    async addTypeField(postTypeID: string, postFieldID: string): Promise<void> {
      const row = await db
        .selectFrom("postTypeFields")
        .select((eb) => eb.fn.max<number | null>("sort").as("sort"))
        .where("postTypeID", "=", postTypeID)
        .executeTakeFirst();
      await db
        .insertInto("postTypeFields")
        .values({ postTypeID, postFieldID, sort: Number(row?.sort ?? -1) + 1 })
        .execute();
    },

    /** Sets the fields' sort within the post type; answers how many of them belong to it. */
    async sortTypeField(postTypeID: string, postFieldID: string, sort: number): Promise<number> {
      const result = await db
        .updateTable("postTypeFields")
        .set({ sort })
        .where("postTypeID", "=", postTypeID)
        .where("postFieldID", "=", postFieldID)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** discussionID → postFieldID → JSON text, for these discussions. */
    async metaOf(discussionIDs: number[]): Promise<Map<number, Map<string, string>>> {
      const out = new Map<number, Map<string, string>>();
      if (!discussionIDs.length) return out;
      const rows = await db
        .selectFrom("discussionPostMeta")
        .select(["discussionID", "postFieldID", "value"])
        .where("discussionID", "in", discussionIDs)
        .execute();
      for (const row of rows) {
        const values = out.get(row.discussionID) ?? new Map<string, string>();
        values.set(row.postFieldID, row.value);
        out.set(row.discussionID, values);
      }
      return out;
    },

    async setMeta(discussionID: number, postFieldID: string, value: string): Promise<void> {
      await db
        .insertInto("discussionPostMeta")
        .values({ discussionID, postFieldID, value })
        .onConflict((oc) => oc.columns(["discussionID", "postFieldID"]).doUpdateSet({ value }))
        .execute();
    },

    async clearMeta(discussionID: number, postFieldID: string): Promise<void> {
      await db
        .deleteFrom("discussionPostMeta")
        .where("discussionID", "=", discussionID)
        .where("postFieldID", "=", postFieldID)
        .execute();
    },
  };
}

export type PostTypesRepo = ReturnType<typeof createPostTypesRepo>;
