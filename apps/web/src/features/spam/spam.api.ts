import type { WatchedWord, WatchedWordPost } from "@parley/contracts";
import type { ApiClient } from "../../lib/api.ts";

/** Parley's `/watched-words`: the list (moderators and site managers), adding and removing (site managers). */
export const watchedWordsApi = {
  list: async (api: ApiClient, signal?: AbortSignal) =>
    (await api.get<WatchedWord[]>("/watched-words", {}, signal)).data,
  add: async (api: ApiClient, body: WatchedWordPost) =>
    (await api.request<WatchedWord>({ method: "POST", path: "/watched-words", body })).data,
  remove: async (api: ApiClient, watchedWordID: number) => {
    await api.request({ method: "DELETE", path: `/watched-words/${watchedWordID}` });
  },
};
