import type { Discussion } from "@parley/contracts";
import type { ApiClient } from "../../../lib/api.ts";
import { runLongRunner, type LongRunnerOptions, type LongRunnerProgress } from "../../../lib/long-runner.ts";

/** Where an announcement is pinned (spec §2 announce modal): nowhere, its category, or recent discussions. */
export type PinLocation = "none" | "category" | "recent";

/** The flags a PATCH /discussions/{id} flips (spec §4 "Discussion toggles"). */
export type DiscussionFlagPatch = Partial<Pick<Discussion, "closed" | "sink" | "resolved">>;

const patch = async (api: ApiClient, id: number, body: Record<string, unknown>) =>
  (await api.request<Discussion>({ method: "PATCH", path: `/discussions/${id}`, body })).data;

/** The moderation calls of spec §7 (single discussions), and the bulk ones through the long runner. */
export const moderationApi = {
  patchFlags: (api: ApiClient, id: number, flags: DiscussionFlagPatch) => patch(api, id, flags),
  /** Announce: `pinned` with a `pinLocation`, or unpinned for "none". */
  announce: (api: ApiClient, id: number, location: PinLocation) =>
    patch(
      api,
      id,
      location === "none" ? { pinned: false, pinLocation: null } : { pinned: true, pinLocation: location },
    ),
  move: (api: ApiClient, id: number, categoryID: number) => patch(api, id, { categoryID }),
  /** Change author (site.manage): the discussion's `insertUserID`. */
  changeAuthor: (api: ApiClient, id: number, insertUserID: number) => patch(api, id, { insertUserID }),
  setType: async (api: ApiClient, id: number, type: string) =>
    (await api.request<Discussion>({ method: "PUT", path: `/discussions/${id}/type`, body: { type } })).data,
  /** Tags by id, and new names the server creates (PATCH takes both; PUT …/tags only existing ones). */
  setTags: (api: ApiClient, id: number, tagIDs: number[], newTagNames: string[]) =>
    patch(api, id, { tagIDs, ...(newTagNames.length ? { newTagNames } : {}) }),
  bump: async (api: ApiClient, id: number) =>
    (await api.request<Discussion>({ method: "PATCH", path: `/discussions/${id}/bump` })).data,
  dismiss: async (api: ApiClient, id: number, dismissed: boolean) =>
    (
      await api.request<{ dismissed: boolean }>({
        method: "PUT",
        path: `/discussions/${id}/dismiss`,
        body: { dismissed },
      })
    ).data,
};

/** Each bulk call is a long runner (spec §7): a 408 or a payload is resumed through calls/run. */
export const bulkApi = {
  remove: (discussionIDs: number[], options?: LongRunnerOptions): Promise<LongRunnerProgress> =>
    runLongRunner(
      { method: "DELETE", path: "/discussions/list", query: { longRunnerMode: "sync" }, body: { discussionIDs } },
      options,
    ),
  move: (discussionIDs: number[], categoryID: number, addRedirects: boolean, options?: LongRunnerOptions) =>
    runLongRunner(
      {
        method: "PATCH",
        path: "/discussions/move",
        query: { longRunnerMode: "sync" },
        body: { discussionIDs, categoryID, addRedirects },
      },
      options,
    ),
  close: (discussionIDs: number[], options?: LongRunnerOptions) =>
    runLongRunner(
      {
        method: "PATCH",
        path: "/discussions/close",
        query: { longRunnerMode: "sync" },
        body: { discussionIDs, closed: true },
      },
      options,
    ),
};
