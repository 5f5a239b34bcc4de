import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { notFound } from "../../platform/errors.ts";
import { letterAvatarSvg, parseLetterAvatar } from "../../platform/render/letter-avatar.ts";

const segment = Type.String({ minLength: 1, maxLength: 8 });

/**
 * `/avatars/letter/{colour}/{letter}.svg`: the face of a member without a photo (`photoUrl` points here). Public,
 * the same for everyone and never changing, so browsers and proxies keep it for a year; any other colour or more
 * than one letter is not found.
 */
export const letterAvatarRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    "/avatars/letter/:colour/:letter.svg",
    { schema: { hide: true, params: Type.Object({ colour: segment, letter: segment }) } },
    async (request, reply) => {
      const avatar = parseLetterAvatar(request.params.colour, request.params.letter);
      if (!avatar) throw notFound("Avatar");
      return reply
        .type("image/svg+xml; charset=utf-8")
        .header("cache-control", "public, max-age=31536000, immutable")
        .header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'")
        .header("x-content-type-options", "nosniff")
        .send(letterAvatarSvg(avatar));
    },
  );
};
