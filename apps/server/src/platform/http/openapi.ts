import swagger from "@fastify/swagger";
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import { API_PREFIX } from "./api.ts";

const OpenApiDocument = Type.Object(
  {
    openapi: Type.String(),
    info: Type.Object({ title: Type.String(), version: Type.String() }, { additionalProperties: true }),
  },
  { additionalProperties: true },
);

/**
 * OpenAPI 3, generated from the routes' own schemas, served at /api/v2/open-api/v3.
 * Must be registered before the routes it describes.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: "3.0.3",
      info: {
        title: "Parley API v2",
        version: "0.1.0",
        description: "A forum server compatible with Vanilla Forums' /api/v2.",
      },
      servers: [{ url: "/" }],
    },
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, index) =>
        typeof json["$id"] === "string" ? json["$id"] : `def-${index}`,
    },
  });
  app.get(
    `${API_PREFIX}/open-api/v3`,
    { schema: { tags: ["System"], summary: "This API's OpenAPI 3 document.", response: { 200: OpenApiDocument } } },
    async () => app.swagger(),
  );
}
