import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import type { ConfigService } from "./config.service.ts";

const ConfigValue = Type.Union([Type.String(), Type.Number(), Type.Boolean()]);
const ConfigValues = Type.Record(Type.String(), ConfigValue);

/** GET /config: a flat `{ "dotted.key": value }`; PATCH /config: the same shape, the keys to change. */
export const configRoutes: FastifyPluginAsyncTypebox<{ service: ConfigService }> = async (app, { service }) => {
  app.get(
    "/config",
    {
      schema: {
        tags: ["Config"],
        summary:
          "Read site settings: `select` is a CSV of keys, `*` a wildcard; keys the viewer may not read are left out.",
        querystring: Type.Object({
          select: Type.Optional(
            Type.Array(Type.String({ maxLength: 2000 }), { description: "Keys, CSV or repeated." }),
          ),
        }),
        response: { 200: ConfigValues },
      },
    },
    async (request) => service.read(request.query.select, request.viewer),
  );

  app.patch(
    "/config",
    {
      schema: {
        tags: ["Config"],
        summary:
          "Change site settings (each key needs its own permission; unknown keys are refused); answers the new values.",
        body: Type.Record(Type.String({ maxLength: 200 }), Type.Unknown()),
        response: { 200: ConfigValues },
      },
    },
    async (request) => service.patch(request.body, request.viewer),
  );
};
