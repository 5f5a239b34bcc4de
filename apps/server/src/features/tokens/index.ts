import type { FastifyInstance } from "fastify";
import type { Platform } from "../../platform/context.ts";
import { createTokensRepo } from "./tokens.repo.ts";
import { tokensRoutes } from "./tokens.routes.ts";
import { createTokensService } from "./tokens.service.ts";

/** Personal access tokens under /api/v2/tokens. */
export async function registerTokens(app: FastifyInstance, platform: Platform): Promise<void> {
  await app.register(tokensRoutes, {
    prefix: "/api/v2",
    service: createTokensService(createTokensRepo(platform.db), platform.clock),
  });
}
