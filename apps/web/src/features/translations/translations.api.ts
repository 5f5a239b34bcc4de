import type {
  Category,
  Locale,
  MachineTranslation,
  MachineTranslationPost,
  Translation,
  TranslationPatchItem,
  TranslationRemoveItem,
  TranslationService,
} from "@parley/contracts";
import type { ApiClient } from "../../lib/api.ts";

export const translationsApi = {
  /** `GET /locales`: the site's content locales. */
  locales: async (api: ApiClient, signal?: AbortSignal) =>
    (await api.get<Locale[]>("/locales", undefined, signal)).data,

  /** `GET /translations/{resource}`: one locale's translations of some records. */
  list: async (
    api: ApiClient,
    params: { resource: string; locale: string; recordType: string; recordIDs: number[] },
    signal?: AbortSignal,
  ) =>
    (
      await api.get<Translation[]>(
        `/translations/${encodeURIComponent(params.resource)}`,
        { locale: params.locale, recordType: params.recordType, recordIDs: params.recordIDs },
        signal,
      )
    ).data,

  /** `PATCH /translations/{resource}`: add or replace translations. */
  save: async (api: ApiClient, resource: string, items: TranslationPatchItem[]) =>
    api.request<null>({ method: "PATCH", path: `/translations/${encodeURIComponent(resource)}`, body: items }),

  /** `PATCH /translations/{resource}/remove`. */
  remove: async (api: ApiClient, resource: string, items: TranslationRemoveItem[]) =>
    api.request<null>({
      method: "PATCH",
      path: `/translations/${encodeURIComponent(resource)}/remove`,
      body: items,
    }),

  /** `GET /translation-services` (site.manage): which services may translate. */
  services: async (api: ApiClient, signal?: AbortSignal) =>
    (await api.get<TranslationService[]>("/translation-services", undefined, signal)).data,

  /** `POST /translations/machine`: texts machine-translated for review (nothing is stored). */
  machine: async (api: ApiClient, body: MachineTranslationPost) =>
    (await api.request<MachineTranslation>({ method: "POST", path: "/translations/machine", body })).data,

  /** A category as written, whatever the reader's content locale (its source locale asked for). */
  sourceCategory: async (api: ApiClient, categoryID: number, sourceLocale: string, signal?: AbortSignal) =>
    (await api.get<Category>(`/categories/${categoryID}`, { locale: sourceLocale }, signal)).data,
};
