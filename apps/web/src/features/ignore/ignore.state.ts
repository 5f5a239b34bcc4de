import { queryOptions } from "@tanstack/react-query";
import type { ApiClient } from "../../lib/api.ts";
import { ignoreApi } from "./ignore.api.ts";
import { ignoreKeys } from "./ignore.queries.ts";

/** Whether the member ignores another, and may (the profile's button). */
export const ignoreStateQuery = (api: ApiClient, userID: number, ignoredUserID: number) =>
  queryOptions({
    queryKey: ignoreKeys.state(userID, ignoredUserID),
    queryFn: ({ signal }) => ignoreApi.state(api, userID, ignoredUserID, signal),
  });
