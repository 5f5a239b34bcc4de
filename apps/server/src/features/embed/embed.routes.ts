import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";

/** Where the web build puts the host pages' script (apps/web/public/embed.js). */
export const embedScriptPath = "/embed.js";

/**
 * `GET /assets/embed-script` (Vanilla's address for its embed script): a host page loads it and places
 * `<vanilla-embed remote-url="…">` (or `<parley-embed>`) where the forum goes. A redirect to the build's
 * current script, readable by pages of any origin.
 */
export const embedRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    "/assets/embed-script",
    {
      schema: {
        tags: ["Assets"],
        summary: "Redirect to the current embed script, for host pages that embed the forum.",
        response: { 302: Type.Null({ description: "Location: the script." }) },
      },
    },
    async (_request, reply) =>
      reply
        .header("cross-origin-resource-policy", "cross-origin")
        .header("cache-control", "public, max-age=300")
        .redirect(embedScriptPath, 302),
  );
};
