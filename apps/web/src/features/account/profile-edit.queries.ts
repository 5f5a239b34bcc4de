import { queryOptions } from "@tanstack/react-query";
import type { ApiClient } from "../../lib/api.ts";
import { profileEditApi } from "./profile-edit.api.ts";

const profileEditKeys = {
  all: ["profile-edit"] as const,
  record: (userID: number) => [...profileEditKeys.all, userID] as const,
};

/** What the member's profile form edits, as sources. */
export const profileEditQuery = (api: ApiClient, userID: number) =>
  queryOptions({
    queryKey: profileEditKeys.record(userID),
    queryFn: ({ signal }) => profileEditApi.record(api, userID, signal),
  });
