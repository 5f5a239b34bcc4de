import type { FastifyInstance } from "fastify";
import type { Platform } from "../../platform/context.ts";
import type { OAuthMemberLookup } from "../authenticators/index.ts";
import { createTokensRepo } from "./tokens.repo.ts";
import { tokensRoutes } from "./tokens.routes.ts";
import { createTokensService } from "./tokens.service.ts";

/**
 * Access tokens under /api/v2/tokens: personal ones, role tokens (`POST /tokens/roles`) and the exchange of an
 * OAuth 2 provider's access token for a short-lived one (`POST /tokens/oauth`, whose member the authenticators find).
 */
export async function registerTokens(
  app: FastifyInstance,
  platform: Platform,
  deps: { oauthMember: OAuthMemberLookup },
): Promise<void> {
  await app.register(tokensRoutes, {
    prefix: "/api/v2",
    service: createTokensService(createTokensRepo(platform.db), platform.clock, platform.roleTokens),
    oauthMember: deps.oauthMember,
  });
}
