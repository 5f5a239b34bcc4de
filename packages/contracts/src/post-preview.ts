import { Type, type Static } from "typebox";
import { discussionRules } from "./discussions.ts";

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
