import { queryOptions } from "@tanstack/react-query";
import type { Me, PostType } from "@parley/contracts";
import { noneUnlessOn, noneWhileOff, type ApiClient } from "../../lib/api.ts";
import { postTypesApi } from "./post-types.api.ts";

export const postTypeKeys = {
  all: ["post-types"] as const,
  types: (scope: "all" | "composer") => [...postTypeKeys.all, "types", scope] as const,
  fields: (postTypeID: string) => [...postTypeKeys.all, "fields", postTypeID] as const,
};

/** Every post type, with its fields (the dashboard's pages). */
export const allPostTypesQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: postTypeKeys.types("all"),
    queryFn: ({ signal }) => noneWhileOff(() => postTypesApi.list(api, { expand: ["postFields"] }, signal)),
  });

/** The active site post types the viewer may fill in, with their fields (the new-post form). */
export const composerPostTypesQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: postTypeKeys.types("composer"),
    queryFn: async ({ signal }) =>
      (
        await noneUnlessOn(
          api,
          "postTypes.enabled",
          () => postTypesApi.list(api, { expand: ["postFields"] }, signal),
          signal,
        )
      ).filter((type) => !type.isOriginal && type.isActive),
  });

/**
 * Of the new-post form's types, those the member's roles may post (a type naming no role: every role) and, given
 * the category the form is for, those it takes. The server checks both again.
 */
export const offeredPostTypes = <T extends Pick<PostType, "roleIDs" | "categoryIDs">>(
  types: readonly T[],
  me: Pick<Me, "roleIDs">,
  categoryID?: number,
): T[] =>
  types.filter(
    (type) =>
      (type.roleIDs.length === 0 || type.roleIDs.some((roleID) => me.roleIDs.includes(roleID))) &&
      (categoryID === undefined || type.categoryIDs.includes(categoryID)),
  );

/** The post fields: every one (""), or one post type's in its order (labels for a post's values). */
export const postFieldsQuery = (api: ApiClient, postTypeID = "") =>
  queryOptions({
    queryKey: postTypeKeys.fields(postTypeID),
    queryFn: ({ signal }) => noneWhileOff(() => postTypesApi.fields(api, postTypeID ? { postTypeID } : {}, signal)),
  });

/** Who manages post types and fields (site.manage; the server checks again). */
export const canManagePostTypes = (me: Pick<Me, "userID" | "isAdmin" | "permissions">) =>
  me.userID !== 0 && (me.isAdmin || me.permissions.includes("site.manage"));
