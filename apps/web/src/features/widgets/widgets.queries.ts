import { queryOptions } from "@tanstack/react-query";
import type { CollectionContent, Discussion, WidgetProps } from "@parley/contracts";
import { ApiError, type ApiClient } from "../../lib/api.ts";
import { currentLocale } from "../../lib/i18n.ts";
import { listExpand } from "../discussions/index.ts";

const widgetKeys = {
  collection: (collectionID: number, locale: string) => ["widgets", "collection", collectionID, locale] as const,
  discussions: (params: WidgetProps<"react.discussion.discussions">["apiParams"]) =>
    ["widgets", "discussions", params] as const,
};

/**
 * A featured collection's records the viewer may read (`GET /collections/{id}/content/{locale}`: the server
 * leaves out the others); null when the collection is gone, so the widget shows nothing.
 */
export const collectionContentQuery = (api: ApiClient, collectionID: number) =>
  queryOptions({
    queryKey: widgetKeys.collection(collectionID, currentLocale()),
    queryFn: async ({ signal }): Promise<CollectionContent | null> => {
      try {
        const path = `/collections/${collectionID}/content/${encodeURIComponent(currentLocale())}`;
        return (await api.get<CollectionContent>(path, {}, signal)).data;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });

/** The discussions widget's list (`GET /discussions` with its filters, as the viewer may read them: none of a category they may not). */
export const widgetDiscussionsQuery = (
  api: ApiClient,
  params: WidgetProps<"react.discussion.discussions">["apiParams"],
) =>
  queryOptions({
    queryKey: widgetKeys.discussions(params),
    queryFn: async ({ signal }): Promise<Discussion[]> => {
      const { categoryID, ...rest } = params;
      try {
        return (
          await api.get<Discussion[]>(
            "/discussions",
            {
              ...rest,
              page: 1,
              ...(categoryID !== undefined ? { categoryID, includeChildCategories: true } : {}),
              expand: listExpand,
              excerptLength: 160,
            },
            signal,
          )
        ).data;
      } catch (error) {
        // A category the viewer may not read: no discussion of it to show.
        if (error instanceof ApiError && error.status === 403) return [];
        throw error;
      }
    },
  });
