import type { FastifyInstance } from "fastify";
import type { Platform } from "../../platform/context.ts";
import type { ListDiscussions } from "./posts.list.ts";
import type { PostQuotes } from "./posts.quote.ts";
import { postsRoutes } from "./posts.routes.ts";

/**
 * `POST /api/v2/posts/preview`: an editor's Preview shows the post through the same render pipeline as stored
 * posts (mentions, quotes, link cards, the sanitiser), so what the author sees is what readers will; and
 * `POST /rich/quote`, a quote of a text or of a post here (read through its owner, `quotes`); and `GET /posts`,
 * the posts of every type, listed by the discussions feature (`listDiscussions`).
 */
export async function registerPosts(
  app: FastifyInstance,
  platform: Platform,
  quotes: PostQuotes,
  listDiscussions: ListDiscussions,
): Promise<void> {
  await app.register(postsRoutes, { prefix: "/api/v2", platform, quotes, listDiscussions });
}
