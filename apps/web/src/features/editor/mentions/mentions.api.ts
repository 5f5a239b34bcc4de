import { limits } from "@parley/contracts/limits";
import type { UserFragment } from "@parley/contracts";
import { ApiError, type ApiClient } from "../../../lib/api.ts";
import type { FetchMentionUsers } from "./mentionLookup.ts";

/**
 * `GET /users/by-names?name={prefix}*&order=mention&limit=50`. Spec §7: a status of 500 or above is an
 * error; another refusal (a banned member's 401, say) just suggests nobody.
 */
export const mentionUsersFetcher =
  (api: ApiClient): FetchMentionUsers =>
  async (prefix, signal) => {
    try {
      const { data } = await api.get<UserFragment[]>(
        "/users/by-names",
        { name: `${prefix}*`, order: "mention", limit: limits.mentions.suggestionLimit },
        signal,
      );
      return (Array.isArray(data) ? data : []).map(({ userID, name, photoUrl }) => ({ userID, name, photoUrl }));
    } catch (error) {
      if (error instanceof ApiError && error.status < 500) return [];
      throw error;
    }
  };
