import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyReply, FastifyRequest } from "fastify";
import { ErrorBody, PostPreview, PostPreviewInput, RichQuote } from "@parley/contracts";
import { requireSignedIn } from "../../platform/auth/authorize.ts";
import type { Platform } from "../../platform/context.ts";
import { fieldError, validationFailed } from "../../platform/errors.ts";
import { tooManyRequests } from "../../platform/http/address-limits.ts";
import { requestContext } from "../../platform/http/request-context.ts";
import { normalizeFormat, renderBody } from "../../platform/render/index.ts";
import { richQuote, type PostQuotes } from "./posts.quote.ts";

/** Previews a member may ask for in a minute (each is a render of up to a post's length). */
export const PREVIEWS_PER_MINUTE = 60;

export const postsRoutes: FastifyPluginAsyncTypebox<{ platform: Platform; quotes: PostQuotes }> = async (
  app,
  { platform, quotes },
) => {
  const previews = platform.limiter("post-preview", PREVIEWS_PER_MINUTE, 60_000);
  /** A signed-in member's render, within the previews' rate limit; the format checked. */
  const allowRender = async (request: FastifyRequest, reply: FastifyReply, requested: string) => {
    const context = requestContext(request);
    requireSignedIn(context.viewer);
    const format = normalizeFormat(requested);
    if (!format) throw validationFailed([fieldError("format", "invalid", "format is not a valid format.")]);
    const limit = await previews.hit(String(context.viewer.userID));
    if (!limit.allowed) throw tooManyRequests(reply, limit.retryAfterSeconds);
    return { context, format };
  };
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
      const { context, format } = await allowRender(request, reply, request.body.format);
      reply.status(200).header("cache-control", "no-store");
      return { body: renderBody(request.body.body, format, { origin: context.origin }) };
    },
  );

  app.post(
    "/rich/quote",
    {
      schema: {
        tags: ["Rich"],
        summary:
          "A quote as HTML: the text rendered, or the discussion or comment at an address here, with its author (signed in; the post's view permission).",
        body: PostPreviewInput,
        response: { 201: RichQuote, 413: ErrorBody },
      },
    },
    async (request, reply) => {
      const { context, format } = await allowRender(request, reply, request.body.format);
      const quote = await richQuote(quotes, { body: request.body.body, format }, context);
      reply.status(201).header("cache-control", "no-store");
      return { quote };
    },
  );
};
