import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyReply, FastifyRequest } from "fastify";
import { ErrorBody, limits, PostListQuery, PostPreview, PostPreviewInput, RichQuote } from "@parley/contracts";
import { Type } from "typebox";
import { requireSignedIn } from "../../platform/auth/authorize.ts";
import type { Platform } from "../../platform/context.ts";
import { fieldError, validationFailed } from "../../platform/errors.ts";
import { tooManyRequests } from "../../platform/http/address-limits.ts";
import { setPagingHeaders } from "../../platform/http/pagination.ts";
import { requestContext } from "../../platform/http/request-context.ts";
import { normalizeFormat, renderBody } from "../../platform/render/index.ts";
import { listPosts, type ListDiscussions } from "./posts.list.ts";
import { richQuote, type PostQuotes } from "./posts.quote.ts";

/** Previews a member may ask for in a minute (each is a render of up to a post's length). */
export const PREVIEWS_PER_MINUTE = 60;

export const postsRoutes: FastifyPluginAsyncTypebox<{
  platform: Platform;
  quotes: PostQuotes;
  listDiscussions: ListDiscussions;
}> = async (app, { platform, quotes, listDiscussions }) => {
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

  app.get(
    "/posts",
    {
      schema: {
        tags: ["Posts"],
        summary:
          "The posts of every type the viewer may read (discussions, questions, ideas, polls, the site's post types), with the discussion list's filters.",
        querystring: PostListQuery,
        response: { 200: Type.Array(Type.Ref("Discussion")) },
      },
    },
    async (request, reply) => {
      const result = await listPosts(listDiscussions, request.query, requestContext(request));
      setPagingHeaders(request, reply, {
        ...result,
        count: result.items.length,
        defaults: { limit: limits.api.defaultLimit },
      });
      return result.items;
    },
  );
};
