import type { FastifyInstance } from "fastify";
import type { Platform } from "../../platform/context.ts";
import { embedRoutes } from "./embed.routes.ts";
import { registerEmbedSessions } from "./embed.sessions.ts";

export { embedScriptPath } from "./embed.routes.ts";

/**
 * Embedding in a host page (spec §4): the host's script address, and the frame's partitioned session. The pages'
 * framing headers: pages.ts.
 */
export async function registerEmbed(app: FastifyInstance, platform: Platform): Promise<void> {
  await app.register(embedRoutes, { prefix: "/api/v2" });
  registerEmbedSessions(app, platform);
}
