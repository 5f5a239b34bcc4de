import {
  FORUM_TRANSLATION_RESOURCE,
  translatableProperties,
  translationPropertyKey,
  translationRules,
  type FieldError,
  type Translation,
  type TranslationListQuery,
  type TranslationPatchItem,
  type TranslationRemoveItem,
  type TranslationResource,
  type TranslationResourcePost,
} from "@parley/contracts";
import { requireAccess } from "../../platform/auth/access.ts";
import type { Viewer } from "../../platform/auth/viewer.ts";
import type { Platform } from "../../platform/context.ts";
import { toRfc3339 } from "../../platform/dates.ts";
import { conflict, fieldError, notFound, validationFailed } from "../../platform/errors.ts";
import type { LocaleSettings } from "./locales.settings.ts";
import { translationsPolicy } from "./translations.policy.ts";
import { createTranslationsRepo, type TranslationRow } from "./translations.repo.ts";

declare module "../../platform/events.ts" {
  interface EventMap {
    /** Translations of a resource were saved or removed: pages and answers made before show the old ones. */
    "translation.changed": { resource: string };
  }
}

/** Which of these records exist (the forum resource's categories); other record types are not checked. */
export type RecordsExist = (recordType: string, recordIDs: number[]) => Promise<Set<number>>;

/** A field error of item `index` of a PATCH body (garden-schema's `path` is the item). */
const itemError = (index: number, field: string, message: string, code = "invalid") => ({
  ...fieldError(field, code, message),
  path: `[${index}]`,
});

/**
 * Content translations (reference §7): read by moderators, written by site managers, a batch all or
 * nothing in one transaction.
 */
export function createTranslationsService(platform: Platform, locales: LocaleSettings, recordsExist: RecordsExist) {
  const repo = createTranslationsRepo(platform.db);

  async function requireResource(urlCode: string) {
    const resource = await repo.findResource(urlCode);
    if (!resource) throw notFound("Resource");
    return resource;
  }

  /** Every problem of a batch at once (nothing is written when there is any). */
  async function check(
    items: Array<TranslationRemoveItem & { translation?: string }>,
    resource: { urlCode: string; sourceLocale: string },
  ): Promise<void> {
    const enabled = await locales.enabled();
    const errors: FieldError[] = [];
    const forum = resource.urlCode === FORUM_TRANSLATION_RESOURCE;
    const wanted = new Map<string, Set<number>>();
    items.forEach((item, index) => {
      if ((item.recordID === undefined) === (item.recordKey === undefined))
        errors.push(itemError(index, "recordID", "Give either recordID or recordKey.", "missingField"));
      if (!(enabled as string[]).includes(item.locale))
        errors.push(itemError(index, "locale", `The locale ${item.locale} is not enabled on this site.`));
      else if (item.locale === resource.sourceLocale)
        errors.push(itemError(index, "locale", `The locale ${item.locale} is this resource's source locale.`));
      if (!forum) return;
      const properties: Record<string, { maxLength: number }> | undefined =
        translatableProperties[item.recordType as keyof typeof translatableProperties];
      if (!properties) {
        errors.push(itemError(index, "recordType", `${item.recordType} has no translatable properties.`));
        return;
      }
      const property = properties[item.propertyName];
      if (!property)
        errors.push(
          itemError(index, "propertyName", `propertyName must be one of: ${Object.keys(properties).join(", ")}.`),
        );
      else if (item.translation !== undefined && item.translation.length > property.maxLength)
        errors.push(
          itemError(
            index,
            "translation",
            `translation is ${item.translation.length - property.maxLength} characters too long.`,
            "maxLength",
          ),
        );
      if (item.recordID !== undefined)
        (wanted.get(item.recordType) ?? wanted.set(item.recordType, new Set()).get(item.recordType)!).add(
          item.recordID,
        );
      else errors.push(itemError(index, "recordID", `A ${item.recordType} is named by its recordID.`, "missingField"));
    });
    items.forEach((item, index) => {
      if (item.translation !== undefined && item.translation.trim() === "")
        errors.push(
          itemError(
            index,
            "translation",
            "translation is required: remove a translation instead of emptying it.",
            "missingField",
          ),
        );
    });
    for (const [recordType, ids] of wanted) {
      const found = await recordsExist(recordType, [...ids]);
      items.forEach((item, index) => {
        if (item.recordType === recordType && item.recordID !== undefined && !found.has(item.recordID))
          errors.push(itemError(index, "recordID", `The ${recordType} ${item.recordID} does not exist.`));
      });
    }
    if (errors.length) throw validationFailed(errors);
  }

  const present = (row: TranslationRow): Translation => {
    const properties: Record<string, { propertyType: string }> | undefined =
      row.resource === FORUM_TRANSLATION_RESOURCE
        ? translatableProperties[row.recordType as keyof typeof translatableProperties]
        : undefined;
    const propertyType = properties?.[row.propertyName]?.propertyType;
    return {
      resource: row.resource,
      recordType: row.recordType,
      ...(row.recordID !== null ? { recordID: row.recordID } : {}),
      ...(row.recordKey !== null ? { recordKey: row.recordKey } : {}),
      propertyName: row.propertyName,
      ...(propertyType ? { propertyType } : {}),
      translationPropertyKey: row.translationPropertyKey,
      locale: row.locale,
      translation: row.translation,
      dateUpdated: toRfc3339(row.dateUpdated),
    };
  };

  return {
    /** `GET /translations/{resource}` (community.moderate): one locale's translations, a page of them. */
    async list(urlCode: string, query: TranslationListQuery, viewer: Viewer): Promise<Translation[]> {
      requireAccess(viewer, translationsPolicy.canReadTranslations);
      await requireResource(urlCode);
      if (query.validateLocale !== false && !(await locales.enabled()).includes(query.locale as never))
        throw validationFailed([
          fieldError("locale", "invalid", `The locale ${query.locale} is not enabled on this site.`),
        ]);
      const { validateLocale: _validate, ...filter } = query;
      const page = query.page ?? 1;
      const limit = query.limit ?? translationRules.defaultLimit;
      const rows = await repo.list({ resource: urlCode, ...filter }, (page - 1) * limit, limit);
      return rows.map(present);
    },

    /** `PATCH /translations/{resource}` (site.manage): adds or replaces translations, all or none. */
    async patch(urlCode: string, items: TranslationPatchItem[], viewer: Viewer): Promise<void> {
      requireAccess(viewer, translationsPolicy.canManage);
      const resource = await requireResource(urlCode);
      await check(items, resource);
      const dateUpdated = platform.clock.nowIso();
      await platform.db.transaction().execute(async (trx) => {
        const scoped = createTranslationsRepo(trx);
        for (const item of items)
          await scoped.upsert({
            resource: urlCode,
            translationPropertyKey: translationPropertyKey(item),
            locale: item.locale,
            recordType: item.recordType,
            recordID: item.recordID ?? null,
            recordKey: item.recordKey ?? null,
            propertyName: item.propertyName,
            translation: item.translation,
            dateUpdated,
          });
      });
      await platform.events.emit("translation.changed", { resource: urlCode });
    },

    /** `PATCH /translations/{resource}/remove` (site.manage): removes translations, all or none. */
    async remove(urlCode: string, items: TranslationRemoveItem[], viewer: Viewer): Promise<void> {
      requireAccess(viewer, translationsPolicy.canManage);
      const resource = await requireResource(urlCode);
      await check(items, resource);
      await platform.db.transaction().execute(async (trx) => {
        const scoped = createTranslationsRepo(trx);
        for (const item of items) await scoped.remove(urlCode, translationPropertyKey(item), item.locale);
      });
      await platform.events.emit("translation.changed", { resource: urlCode });
    },

    /** `POST /translations` (site.manage): a new resource. */
    async createResource(body: TranslationResourcePost, viewer: Viewer): Promise<TranslationResource> {
      requireAccess(viewer, translationsPolicy.canManage);
      if (!(await locales.enabled()).includes(body.sourceLocale as never))
        throw validationFailed([
          fieldError("sourceLocale", "invalid", `The locale ${body.sourceLocale} is not enabled on this site.`),
        ]);
      if (await repo.findResource(body.urlCode)) throw conflict(`The resource ${body.urlCode} already exists.`);
      const row = {
        urlCode: body.urlCode,
        name: body.name,
        sourceLocale: body.sourceLocale,
        dateInserted: platform.clock.nowIso(),
      };
      await repo.insertResource(row);
      return { ...row, dateInserted: toRfc3339(row.dateInserted) };
    },

    /**
     * The forum's translations of several records in one locale, in one query: recordID → property →
     * translation. Nothing to look up without a locale or records.
     */
    async forRecords(recordType: string, recordIDs: number[], locale: string | null) {
      const byRecord = new Map<number, Record<string, string>>();
      if (locale === null || recordIDs.length === 0) return byRecord;
      for (const row of await repo.forRecords(FORUM_TRANSLATION_RESOURCE, recordType, recordIDs, locale)) {
        if (row.recordID === null) continue;
        const entry = byRecord.get(row.recordID) ?? {};
        entry[row.propertyName] = row.translation;
        byRecord.set(row.recordID, entry);
      }
      return byRecord;
    },
  };
}

export type TranslationsService = ReturnType<typeof createTranslationsService>;
