import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { ErrorBody } from "@parley/contracts";
import type { ConfigService } from "./config.service.ts";

const ConfigValue = Type.Union([Type.String(), Type.Number(), Type.Boolean()]);
const ConfigValues = Type.Record(Type.String(), ConfigValue);
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 422: ErrorBody };

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
        response: { 200: ConfigValues, 400: ErrorBody },
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
        response: { 200: ConfigValues, ...errors },
      },
    },
    async (request) => service.patch(request.body, request.viewer),
  );
};
