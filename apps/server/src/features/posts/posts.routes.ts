import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { ErrorBody, PostPreview, PostPreviewInput } from "@parley/contracts";
import { requireSignedIn } from "../../platform/auth/authorize.ts";
import type { Platform } from "../../platform/context.ts";
import { fieldError, validationFailed } from "../../platform/errors.ts";
import { tooManyRequests } from "../../platform/http/address-limits.ts";
import { requestContext } from "../../platform/http/request-context.ts";
import { normalizeFormat, renderBody } from "../../platform/render/index.ts";

/** Previews a member may ask for in a minute (each is a render of up to a post's length). */
export const PREVIEWS_PER_MINUTE = 60;

export const postsRoutes: FastifyPluginAsyncTypebox<{ platform: Platform }> = async (app, { platform }) => {
  const previews = platform.limiter("post-preview", PREVIEWS_PER_MINUTE, 60_000);
  app.post(
    "/posts/preview",
    {
      schema: {
        tags: ["Posts"],
        summary: "A post's source rendered as readers will see it (the stored posts' renderer and sanitiser).",
        body: PostPreviewInput,
        response: { 200: PostPreview, 413: ErrorBody },
      },
    },
    async (request, reply) => {
      const { viewer, origin } = requestContext(request);
      requireSignedIn(viewer);
      const format = normalizeFormat(request.body.format);
      if (!format) throw validationFailed([fieldError("format", "invalid", "format is not a valid format.")]);
      const limit = await previews.hit(String(viewer.userID));
      if (!limit.allowed) throw tooManyRequests(reply, limit.retryAfterSeconds);
      reply.status(200).header("cache-control", "no-store");
      return { body: renderBody(request.body.body, format, { origin }) };
    },
  );
};
