import type { FastifyInstance, FastifyRequest } from "fastify";
import { embedCookieOptions } from "../../platform/auth/sessions.ts";
import type { Platform } from "../../platform/context.ts";

/**
 * Marks a browser's partition of a host site as an embed frame: set on the frame's page loads, sent back with
 * the frame's own calls (a sign-in with JavaScript, which the browser does not mark as framed).
 */
export const EMBED_FRAME_COOKIE = "parley_embed";

/**
 * A page load the browser makes in a frame of a page on another site (the host's page opening the frame, the JWT
 * landing it opens, the redirect after it); not a fetch, and not a frame on the forum's own site (a host on the
 * same site keeps the ordinary `SameSite=Lax` session).
 */
const isCrossSiteFrameLoad = (request: FastifyRequest) =>
  request.headers["sec-fetch-dest"] === "iframe" && request.headers["sec-fetch-site"] === "cross-site";

/**
 * Cross-site sessions in embed frames (issue 34): with `embed.enabled`, a host address and
 * `embed.crossSiteSessions`, a session started in the frame of a host page on another site (the JWT landing the
 * embed element opens, or a sign-in inside the frame) goes in the partitioned `SameSite=None` cookie, kept in the
 * host site's partition; a top-level session keeps the `SameSite=Lax` one. Without that setup the partitioned
 * cookie is never the session. Pages render in a frame only under the host's origin (frame-ancestors), and a
 * partitioned cookie set under any other top-level site stays there.
 */
export function registerEmbedSessions(app: FastifyInstance, platform: Platform): void {
  const allowed = async () => {
    const config = platform.siteConfig;
    if (!(await config.get("embed.enabled")) || !(await config.get("embed.crossSiteSessions"))) return false;
    const remote = await config.get("embed.remoteUrl");
    return URL.canParse(remote) && new URL(remote).origin !== "null";
  };

  platform.sessions.embeddedWhen({
    allowed,
    inFrame: (request) => isCrossSiteFrameLoad(request) || request.cookies[EMBED_FRAME_COOKIE] !== undefined,
  });

  app.addHook("onRequest", async (request, reply) => {
    if (request.method !== "GET" || !isCrossSiteFrameLoad(request) || request.cookies[EMBED_FRAME_COOKIE] !== undefined)
      return;
    if (await allowed()) reply.setCookie(EMBED_FRAME_COOKIE, "1", embedCookieOptions);
  });
}
