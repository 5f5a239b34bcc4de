import type { Kysely } from "kysely";
import type { DB, TranslationsTable } from "../../platform/db/schema.ts";

export type TranslationRow = TranslationsTable;

export interface TranslationFilter {
  resource: string;
  locale: string;
  recordType?: string | undefined;
  recordIDs?: number[] | undefined;
  recordKeys?: string[] | undefined;
  propertyName?: string | undefined;
}

/** The only SQL of content translations: resources and translated properties, portable across both engines. */
export function createTranslationsRepo(db: Kysely<DB>) {
  return {
    findResource: (urlCode: string) =>
      db.selectFrom("translationResources").selectAll().where("urlCode", "=", urlCode).executeTakeFirst(),

    insertResource: (row: DB["translationResources"]) => db.insertInto("translationResources").values(row).execute(),

    list(filter: TranslationFilter, offset: number, limit: number) {
      let query = db
        .selectFrom("translations")
        .selectAll()
        .where("resource", "=", filter.resource)
        .where("locale", "=", filter.locale);
      if (filter.recordType !== undefined) query = query.where("recordType", "=", filter.recordType);
      if (filter.recordIDs?.length) query = query.where("recordID", "in", filter.recordIDs);
      if (filter.recordKeys?.length) query = query.where("recordKey", "in", filter.recordKeys);
      if (filter.propertyName !== undefined) query = query.where("propertyName", "=", filter.propertyName);
      return query.orderBy("translationPropertyKey").offset(offset).limit(limit).execute();
    },

    /** Several records' translations in one locale, in one query (a page of categories). */
    forRecords: (resource: string, recordType: string, recordIDs: number[], locale: string) =>
      db
        .selectFrom("translations")
        .select(["recordID", "propertyName", "translation"])
        .where("resource", "=", resource)
        .where("recordType", "=", recordType)
        .where("locale", "=", locale)
        .where("recordID", "in", recordIDs)
        .execute(),

    upsert: (row: TranslationRow) =>
      db
        .insertInto("translations")
        .values(row)
        .onConflict((oc) =>
          oc
            .columns(["resource", "translationPropertyKey", "locale"])
            .doUpdateSet({ translation: row.translation, dateUpdated: row.dateUpdated }),
        )
        .execute(),

    remove: (resource: string, translationPropertyKey: string, locale: string) =>
      db
        .deleteFrom("translations")
        .where("resource", "=", resource)
        .where("translationPropertyKey", "=", translationPropertyKey)
        .where("locale", "=", locale)
        .execute(),
  };
}
