import { queryOptions } from "@tanstack/react-query";
import type { Me } from "@parley/contracts";
import type { ApiClient } from "../../lib/api.ts";
import { watchedWordsApi } from "./spam.api.ts";

export { watchedWordsPagePath } from "@parley/contracts/spam-constants";

export const watchedWordKeys = { all: ["watched-words"] as const };

export const watchedWordsQuery = (api: ApiClient) =>
  queryOptions({ queryKey: watchedWordKeys.all, queryFn: ({ signal }) => watchedWordsApi.list(api, signal) });

/** Who keeps the watched words (site.manage; the server checks again). */
export const canManageWatchedWords = (me: Pick<Me, "userID" | "isAdmin" | "permissions">) =>
  me.userID !== 0 && (me.isAdmin || me.permissions.includes("site.manage"));
