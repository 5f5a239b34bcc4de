import { Type, type Static } from "typebox";
import { DateTime, Expand, Nullable } from "./common.ts";
import { groupPrivacies } from "./groups-constants.ts";
import { Limit, Page } from "./pagination.ts";
import {
  searchDomains,
  searchMatchModes,
  searchOperators,
  searchRecordTypes,
  searchSorts,
  searchTypes,
} from "./search-constants.ts";

export * from "./search-constants.ts";
import { SiteSectionFilter } from "./subcommunities.ts";

/** `GET /search` (reference §9, dashboard-search.yml): Vanilla's parameters. */
export const SearchQuery = Type.Object({
  query: Type.Optional(Type.String({ maxLength: 500, description: "The search text; quotes make a phrase." })),
  domain: Type.Optional(Type.Enum(searchDomains)),
  recordTypes: Type.Optional(Type.Array(Type.Enum(searchRecordTypes))),
  types: Type.Optional(Type.Array(Type.Enum(searchTypes))),
  discussionID: Type.Optional(Type.Integer()),
  categoryID: Type.Optional(Type.Integer()),
  categoryIDs: Type.Optional(Type.Array(Type.Integer())),
  includeChildCategories: Type.Optional(Type.Boolean()),
  includeArchivedCategories: Type.Optional(Type.Boolean()),
  followedCategories: Type.Optional(Type.Boolean()),
  name: Type.Optional(Type.String({ maxLength: 200, description: "Words that must be in the title." })),
  insertUserIDs: Type.Optional(Type.Array(Type.Integer())),
  insertUserNames: Type.Optional(Type.Array(Type.String())),
  authors: Type.Optional(Type.Array(Type.String(), { description: "Author names." })),
  tags: Type.Optional(Type.Array(Type.String(), { description: "Tag names (or urlcodes)." })),
  tagOperator: Type.Optional(Type.Enum(searchOperators)),
  queryOperator: Type.Optional(Type.Enum(searchOperators)),
  dateInserted: Type.Optional(Type.String({ description: "A date filter: a day, [d1,d2], >=d, <=d…" })),
  dateUpdated: Type.Optional(Type.String()),
  sort: Type.Optional(Type.Enum(searchSorts)),
  matchMode: Type.Optional(Type.Enum(searchMatchModes)),
  collapse: Type.Optional(Type.Boolean({ description: "One result per discussion (suggestions)." })),
  locale: Type.Optional(Type.String()),
  scope: Type.Optional(Type.String()),
  siteSectionID: Type.Optional(SiteSectionFilter),
  page: Type.Optional(Page),
  limit: Type.Optional(Limit(100, 30)),
  expand: Type.Optional(Expand),
});
export type SearchQuery = Static<typeof SearchQuery>;

const Crumb = Type.Object({ name: Type.String(), url: Type.String() });

export const SearchResult = Type.Object(
  {
    recordID: Type.Integer(),
    recordType: Type.Enum(searchRecordTypes),
    type: Type.String(),
    name: Type.String(),
    url: Type.String(),
    /** The excerpt around the matched words as HTML: escaped text with the matches in `<mark>`. */
    body: Type.Optional(Nullable(Type.String())),
    excerpt: Type.Optional(Nullable(Type.String())),
    breadcrumbs: Type.Optional(Type.Array(Crumb)),
    categoryID: Type.Optional(Nullable(Type.Integer())),
    discussionID: Type.Optional(Nullable(Type.Integer())),
    commentID: Type.Optional(Nullable(Type.Integer())),
    /** The group: a group's own, or the group a discussion or comment was posted in. */
    groupID: Type.Optional(Nullable(Type.Integer())),
    /** A group's privacy (groups only). */
    privacy: Type.Optional(Type.Enum(groupPrivacies)),
    insertUserID: Nullable(Type.Integer()),
    insertUser: Type.Optional(Type.Ref("UserFragment")),
    dateInserted: DateTime,
    dateUpdated: Nullable(DateTime),
    score: Type.Number(),
    labelCodes: Type.Array(Type.String()),
    isForeign: Type.Boolean(),
  },
  { $id: "SearchResult" },
);
export type SearchResult = Static<typeof SearchResult>;
export const SearchResultList = Type.Array(Type.Ref("SearchResult"));

export const sharedSearchSchemas = [SearchResult];

const recordSearchFields = {
  query: Type.String({ minLength: 1, maxLength: 500, description: "The search text; quotes make a phrase." }),
  categoryID: Type.Optional(Type.Integer({ description: "Only in this category." })),
  page: Type.Optional(Page),
  limit: Type.Optional(Limit(100, 30)),
  expand: Type.Optional(Expand),
};

/** `GET /comments/search` (Vanilla's): a search of comments, answered as the comments themselves. */
export const CommentSearchQuery = Type.Object(recordSearchFields);
export type CommentSearchQuery = Static<typeof CommentSearchQuery>;

/** `GET /discussions/search` (Vanilla's): a search of discussions, answered as the discussions themselves. */
export const DiscussionSearchQuery = Type.Object({
  ...recordSearchFields,
  followed: Type.Optional(
    Type.Boolean({ description: "Only in the categories the viewer follows (not with categoryID)." }),
  ),
});
export type DiscussionSearchQuery = Static<typeof DiscussionSearchQuery>;
