import type { FastifyInstance } from "fastify";
import type { Platform } from "../../platform/context.ts";
import { postsRoutes } from "./posts.routes.ts";

/**
 * `POST /api/v2/posts/preview`: an editor's Preview shows the post through the same render pipeline as stored
 * posts (mentions, quotes, link cards, the sanitiser), so what the author sees is what readers will.
 */
export async function registerPosts(app: FastifyInstance, platform: Platform): Promise<void> {
  await app.register(postsRoutes, { prefix: "/api/v2", platform });
}
