import { queryOptions } from "@tanstack/react-query";
import type { ApiClient } from "../../lib/api.ts";
import { translationsApi } from "./translations.api.ts";

export interface TranslationTarget {
  resource: string;
  recordType: string;
  recordID: number;
}

/** Query keys of translations: one factory, so a save refreshes what it changed. */
export const translationKeys = {
  all: ["translations"] as const,
  locales: () => [...translationKeys.all, "locales"] as const,
  services: () => [...translationKeys.all, "services"] as const,
  record: (target: TranslationTarget, locale: string) =>
    [...translationKeys.all, target.resource, target.recordType, target.recordID, locale] as const,
  source: (categoryID: number, sourceLocale: string) =>
    [...translationKeys.all, "source", "category", categoryID, sourceLocale] as const,
};

export const localesQuery = (api: ApiClient) =>
  queryOptions({ queryKey: translationKeys.locales(), queryFn: ({ signal }) => translationsApi.locales(api, signal) });

export const translationServicesQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: translationKeys.services(),
    queryFn: ({ signal }) => translationsApi.services(api, signal),
  });

/** A record's saved translations in one locale, by translationPropertyKey. */
export const recordTranslationsQuery = (api: ApiClient, target: TranslationTarget, locale: string) =>
  queryOptions({
    queryKey: translationKeys.record(target, locale),
    queryFn: async ({ signal }) => {
      const rows = await translationsApi.list(
        api,
        { resource: target.resource, locale, recordType: target.recordType, recordIDs: [target.recordID] },
        signal,
      );
      return Object.fromEntries(rows.map((row) => [row.translationPropertyKey, row.translation]));
    },
  });

export const sourceCategoryQuery = (api: ApiClient, categoryID: number, sourceLocale: string) =>
  queryOptions({
    queryKey: translationKeys.source(categoryID, sourceLocale),
    queryFn: ({ signal }) => translationsApi.sourceCategory(api, categoryID, sourceLocale, signal),
  });
