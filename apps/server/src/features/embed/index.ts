import type { FastifyInstance } from "fastify";
import { embedRoutes } from "./embed.routes.ts";

export { embedScriptPath } from "./embed.routes.ts";

/** Embedding in a host page (spec §4): the host's script address. The pages' framing headers: pages.ts. */
export async function registerEmbed(app: FastifyInstance): Promise<void> {
  await app.register(embedRoutes, { prefix: "/api/v2" });
}
