import type { Insertable, Kysely, Selectable, Updateable } from "kysely";
import type { DB } from "../../platform/db/schema.ts";

type Table = DB["emailTemplates"];
export type EmailTemplateRow = Selectable<Table>;

const sorts = {
  name: ["name", "asc"],
  "-name": ["name", "desc"],
  dateInserted: ["dateInserted", "asc"],
  "-dateInserted": ["dateInserted", "desc"],
  dateUpdated: ["dateUpdated", "asc"],
  "-dateUpdated": ["dateUpdated", "desc"],
} as const;
export type EmailTemplateSort = keyof typeof sorts;

export interface EmailTemplateFilter {
  emailTemplateID?: number;
  statuses?: string[];
  /** true: templates of a notification kind; false: custom ones. */
  ofKind?: boolean;
  activityType?: string;
}

/** The only file with the e-mail templates' SQL. */
export function createEmailTemplatesRepo(db: Kysely<DB>) {
  const filtered = (filter: EmailTemplateFilter) => {
    let query = db.selectFrom("emailTemplates");
    if (filter.emailTemplateID !== undefined) query = query.where("emailTemplateID", "=", filter.emailTemplateID);
    if (filter.statuses?.length) query = query.where("status", "in", filter.statuses);
    if (filter.ofKind === true) query = query.where("activityType", "is not", null);
    if (filter.ofKind === false) query = query.where("activityType", "is", null);
    if (filter.activityType !== undefined) query = query.where("activityType", "=", filter.activityType);
    return query;
  };

  return {
    async page(filter: EmailTemplateFilter, sort: EmailTemplateSort, offset: number, limit: number) {
      const [column, direction] = sorts[sort];
      const [rows, total] = await Promise.all([
        filtered(filter)
          .selectAll()
          .orderBy(column, direction)
          .orderBy("emailTemplateID", direction)
          .limit(limit)
          .offset(offset)
          .execute(),
        filtered(filter)
          .select((eb) => eb.fn.countAll<number | string>().as("count"))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(total.count) };
    },

    byId: (emailTemplateID: number) =>
      db.selectFrom("emailTemplates").selectAll().where("emailTemplateID", "=", emailTemplateID).executeTakeFirst(),

    /** The template a notification kind's e-mail uses: its newest active one. */
    activeFor: (activityType: string) =>
      db
        .selectFrom("emailTemplates")
        .selectAll()
        .where("activityType", "=", activityType)
        .where("status", "=", "active")
        .orderBy("dateUpdated", "desc")
        .orderBy("emailTemplateID", "desc")
        .limit(1)
        .executeTakeFirst(),

    async insert(values: Insertable<Table>): Promise<number> {
      const row = await db
        .insertInto("emailTemplates")
        .values(values)
        .returning("emailTemplateID")
        .executeTakeFirstOrThrow();
      return row.emailTemplateID;
    },

    async update(emailTemplateID: number, values: Updateable<Table>): Promise<void> {
      await db.updateTable("emailTemplates").set(values).where("emailTemplateID", "=", emailTemplateID).execute();
    },

    async remove(emailTemplateID: number): Promise<boolean> {
      const result = await db
        .deleteFrom("emailTemplates")
        .where("emailTemplateID", "=", emailTemplateID)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

export type EmailTemplatesRepo = ReturnType<typeof createEmailTemplatesRepo>;
