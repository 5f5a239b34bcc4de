import { Type, type Static } from "typebox";
import { DateTime, Nullable } from "./common.ts";
import { Limit, Page } from "./pagination.ts";
import { SiteSectionFilter } from "./subcommunities.ts";

export const Tag = Type.Object(
  {
    tagID: Type.Integer(),
    id: Type.Integer({ description: "Deprecated: the tagID." }),
    name: Type.String(),
    urlcode: Type.String(),
    urlCode: Type.String({ description: "Deprecated: the urlcode." }),
    parentTagID: Nullable(Type.Integer()),
    type: Type.String(),
    url: Type.String(),
    countDiscussions: Type.Integer(),
    dateInserted: DateTime,
  },
  { $id: "Tag" },
);
export type Tag = Static<typeof Tag>;

export const TagListQuery = Type.Object({
  query: Type.Optional(Type.String({ description: "Names starting with this text." })),
  tagID: Type.Optional(Type.Array(Type.Integer())),
  excludeNoCountDiscussion: Type.Optional(Type.Boolean()),
  /**
   * A subcommunity's tags (issue 40): those of its categories' discussions, most used there first, each with its
   * `countDiscussions` there; "0" or nothing: the whole site's.
   */
  siteSectionID: Type.Optional(SiteSectionFilter),
  page: Type.Optional(Page),
  limit: Type.Optional(Limit(100, 20)),
});
export type TagListQuery = Static<typeof TagListQuery>;

export const TagPost = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100 }),
  urlcode: Type.Optional(Type.String({ minLength: 1, maxLength: 100, pattern: "^[a-z0-9-]+$" })),
  parentTagID: Type.Optional(Nullable(Type.Integer())),
});
export type TagPost = Static<typeof TagPost>;
export const TagPatch = Type.Partial(TagPost);

export const TagIdParams = Type.Object({ id: Type.Integer() });

/**
 * `POST /tags/{id}/merge` (Parley's; Vanilla merges tags only in its dashboard): the tag's discussions take
 * the tag `tagID` instead (those that had both keep one), its child tags move under it, and the tag goes.
 */
export const TagMerge = Type.Object({
  tagID: Type.Integer({ minimum: 1, description: "The tag that takes the merged tag's discussions." }),
});
export type TagMerge = Static<typeof TagMerge>;
export const DiscussionTagsBody = Type.Object({
  tagIDs: Type.Optional(Type.Array(Type.Integer())),
  urlcodes: Type.Optional(Type.Array(Type.String())),
});
export const TagFragmentList = Type.Array(
  Type.Object({ tagID: Type.Integer(), urlcode: Type.String(), name: Type.String() }),
);

export const sharedTagSchemas = [Tag];
