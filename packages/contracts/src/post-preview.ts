import { Type, type Static } from "typebox";
import { DiscussionListQuery, discussionRules } from "./discussions.ts";
import { Limit } from "./pagination.ts";

/** `POST /posts/preview`: a post's source as its editor would send it (the limits of a post). */
export const PostPreviewInput = Type.Object({
  body: Type.String({ minLength: 1, maxLength: discussionRules.bodyMaxLength }),
  format: Type.String({ maxLength: 20 }),
});
export type PostPreviewInput = Static<typeof PostPreviewInput>;

export const PostPreview = Type.Object({
  body: Type.String({ description: "The post as readers will see it: rendered, sanitised HTML." }),
});
export type PostPreview = Static<typeof PostPreview>;

/**
 * `POST /rich/quote` (dashboard-rich.yml) takes a `PostPreviewInput`: a post's source, or the address of a
 * discussion or comment on this site. Its answer: the quote as sanitised HTML, a blockquote naming the post's
 * author and linking to it when quoting a post.
 */
export const RichQuote = Type.Object({ quote: Type.String({ minLength: 1 }) });
export type RichQuote = Static<typeof RichQuote>;

/** `GET /posts`' sorts (vanilla-posts.yml): by score, by date posted or by last comment, either way. */
export const postSorts = [
  "-dateLastComment",
  "dateLastComment",
  "-dateInserted",
  "dateInserted",
  "-score",
  "score",
] as const;

/**
 * `GET /posts`: the posts of every type (discussions, questions, ideas, polls and the site's post types) the
 * viewer may read, through the discussion list's filters that fit a post (`GET /discussions`' own meanings).
 */
export const PostListQuery = Type.Object({
  ...Type.Pick(DiscussionListQuery, [
    "categoryID",
    "includeChildCategories",
    "insertUserID",
    "type",
    "postTypeID",
    "dateInserted",
    "dateUpdated",
    "dateLastComment",
    "page",
    "expand",
  ]).properties,
  sort: Type.Optional(Type.Enum(postSorts)),
  limit: Type.Optional(Limit(100, 30)),
});
export type PostListQuery = Static<typeof PostListQuery>;
