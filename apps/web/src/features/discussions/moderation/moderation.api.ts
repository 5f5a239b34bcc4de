import type { Discussion } from "@parley/contracts";
import type { ApiClient } from "../../../lib/api.ts";
import {
  runLongRunner,
  type LongRunnerOptions,
  type LongRunnerProgress,
  type LongRunnerRequest,
} from "../../../lib/long-runner.ts";

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

/** A bulk call in the long runner's sync mode (answered in rounds, resumed through calls/run). */
const longRun = (
  method: LongRunnerRequest["method"],
  path: string,
  body: Record<string, unknown>,
  options?: LongRunnerOptions,
): Promise<LongRunnerProgress> => runLongRunner({ method, path, query: { longRunnerMode: "sync" }, body }, options);

/** Each bulk call is a long runner (spec §7): a 408 or a payload is resumed through calls/run. */
export const bulkApi = {
  remove: (discussionIDs: number[], options?: LongRunnerOptions) =>
    longRun("DELETE", "/discussions/list", { discussionIDs }, options),
  move: (discussionIDs: number[], categoryID: number, addRedirects: boolean, options?: LongRunnerOptions) =>
    longRun("PATCH", "/discussions/move", { discussionIDs, categoryID, addRedirects }, options),
  close: (discussionIDs: number[], options?: LongRunnerOptions) =>
    longRun("PATCH", "/discussions/close", { discussionIDs, closed: true }, options),
  merge: (discussionIDs: number[], destinationID: number, addRedirects: boolean, options?: LongRunnerOptions) =>
    longRun(
      "PATCH",
      "/discussions/merge",
      { discussionIDs, destinationDiscussionID: destinationID, addRedirects },
      options,
    ),
  /** Comments out into a new discussion (by the requester) with this title, in this category. */
  split: (commentIDs: number[], name: string, categoryID: number, options?: LongRunnerOptions) =>
    longRun("POST", "/discussions/split", { commentIDs, newPost: { name, categoryID, authorType: "me" } }, options),
  removeComments: (commentIDs: number[], options?: LongRunnerOptions) =>
    longRun("DELETE", "/comments/list", { commentIDs, deleteMethod: "full" }, options),
};
