import type { Kysely } from "kysely";
import type { DB } from "../../platform/db/schema.ts";

export interface ProfileFieldRow {
  apiName: string;
  label: string;
  description: string;
  dataType: string;
  formType: string;
  visibility: string;
  mutability: string;
  registrationOptions: string;
  displayOptions: string;
  dropdownOptions: string | null;
  enabled: number;
  sort: number;
  dateInserted: string;
  dateUpdated: string | null;
}

export interface ProfileFieldFilters {
  dataType?: string[];
  formType?: string[];
  visibility?: string;
  mutability?: string;
  registrationOptions?: string;
  enabled?: boolean;
}

/** The only file with the profile fields' SQL: the `profileFields` and `userProfileFields` tables it owns. */
export function createProfileFieldsRepo(db: Kysely<DB>) {
  return {
    withTransaction: (trx: Kysely<DB>) => createProfileFieldsRepo(trx),

    /** The definitions in their sort order (then by API name), filtered. */
    list(filters: ProfileFieldFilters = {}): Promise<ProfileFieldRow[]> {
      let query = db.selectFrom("profileFields").selectAll();
      if (filters.dataType?.length) query = query.where("dataType", "in", filters.dataType);
      if (filters.formType?.length) query = query.where("formType", "in", filters.formType);
      if (filters.visibility) query = query.where("visibility", "=", filters.visibility);
      if (filters.mutability) query = query.where("mutability", "=", filters.mutability);
      if (filters.registrationOptions) query = query.where("registrationOptions", "=", filters.registrationOptions);
      if (filters.enabled !== undefined) query = query.where("enabled", "=", filters.enabled ? 1 : 0);
      return query.orderBy("sort").orderBy("apiName").execute();
    },

    get: (apiName: string) =>
      db.selectFrom("profileFields").selectAll().where("apiName", "=", apiName).executeTakeFirst() as Promise<
        ProfileFieldRow | undefined
      >,

    async count(): Promise<number> {
      const row = await db
        .selectFrom("profileFields")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },

    async maxSort(): Promise<number> {
      const row = await db
        .selectFrom("profileFields")
        .select((eb) => eb.fn.max<number | null>("sort").as("sort"))
        .executeTakeFirst();
      return Number(row?.sort ?? 0);
    },

    async insert(row: ProfileFieldRow): Promise<void> {
      await db.insertInto("profileFields").values(row).execute();
    },

    async update(apiName: string, changes: Partial<Omit<ProfileFieldRow, "apiName">>): Promise<void> {
      await db.updateTable("profileFields").set(changes).where("apiName", "=", apiName).execute();
    },

    /** The definition and every member's value of it. */
    async remove(apiName: string): Promise<void> {
      await db.deleteFrom("userProfileFields").where("apiName", "=", apiName).execute();
      await db.deleteFrom("profileFields").where("apiName", "=", apiName).execute();
    },

    /** A member's stored values, apiName → JSON text. */
    async valuesOf(userID: number): Promise<Map<string, string>> {
      const rows = await db
        .selectFrom("userProfileFields")
        .select(["apiName", "value"])
        .where("userID", "=", userID)
        .execute();
      return new Map(rows.map((row) => [row.apiName, row.value]));
    },

    async setValue(userID: number, apiName: string, value: string): Promise<void> {
      await db
        .insertInto("userProfileFields")
        .values({ userID, apiName, value })
        .onConflict((oc) => oc.columns(["userID", "apiName"]).doUpdateSet({ value }))
        .execute();
    },

    async clearValue(userID: number, apiName: string): Promise<void> {
      await db.deleteFrom("userProfileFields").where("userID", "=", userID).where("apiName", "=", apiName).execute();
    },

    /** Every value of a member (their account deleted). */
    async clearMember(userID: number): Promise<void> {
      await db.deleteFrom("userProfileFields").where("userID", "=", userID).execute();
    },

    /** The member's row as far as these fields care; undefined when unknown. */
    member: (userID: number) =>
      db.selectFrom("users").select(["userID", "deleted", "private"]).where("userID", "=", userID).executeTakeFirst(),
  };
}

export type ProfileFieldsRepo = ReturnType<typeof createProfileFieldsRepo>;
