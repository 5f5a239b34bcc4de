import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { Type } from "typebox";
import { jwtEntryPath, type OAuthTokenPost } from "@parley/contracts";
import type { Platform } from "../../platform/context.ts";
import type { ConnectedAccounts } from "../users/index.ts";
import { createConnections } from "./authenticators.connect.ts";
import { createAuthenticatorsRepo } from "./authenticators.repo.ts";
import { authenticatorsRoutes } from "./authenticators.routes.ts";
import { createAuthenticatorsService } from "./authenticators.service.ts";
import { createJwtSignIn } from "./authenticators.jwt.ts";
import { createOAuth2SignIn } from "./authenticators.oauth2.ts";
import { createOAuth2Settings } from "./authenticators.oauth2-settings.ts";
import { createOidcSignIn } from "./authenticators.signin.ts";

/** `POST /tokens/oauth`'s question to this feature: whose is this OAuth 2 provider's access token (a user ID). */
export type OAuthMemberLookup = (body: OAuthTokenPost, request: FastifyRequest, reply: FastifyReply) => Promise<number>;

const IdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });

/**
 * Authenticators (issue 34): `/api/v2/authenticators` for site managers, and signing in with an OpenID Connect
 * provider at `/entry/oidc/{id}` (to the provider) and `/entry/oidc/{id}/callback` (back from it), and with a
 * token the host site signed at `/entry/jwt?token=…` (JWT SSO); an OAuth 2 provider (issue 36) signs in at the same
 * two addresses as an OpenID Connect one.
 */
export async function registerAuthenticators(
  app: FastifyInstance,
  platform: Platform,
  deps: { accounts: ConnectedAccounts },
): Promise<{ memberForOAuthToken: OAuthMemberLookup }> {
  const repo = createAuthenticatorsRepo(platform.db);
  const service = createAuthenticatorsService(repo, platform.clock);
  const signIn = createOidcSignIn(repo, platform, deps.accounts);
  const jwtSignIn = createJwtSignIn(repo, platform, deps.accounts);
  const connections = createConnections(repo, platform, deps.accounts);
  const oauth2 = createOAuth2Settings(repo, platform.clock);
  const oauth2SignIn = createOAuth2SignIn(repo, platform, deps.accounts);
  // Signing out of a session signed in with a provider that signs out too goes on to the provider's sign-out.
  platform.sessions.onSignOut((sessionID, request) => signIn.signOutUrl(sessionID, request));
  await app.register(authenticatorsRoutes, { prefix: "/api/v2", service, oauth2, connections });
  // One sign-in address per authenticator, OpenID Connect or OAuth 2: the button and the redirect URI stay the same.
  const isOAuth2 = async (authenticatorID: number) => (await repo.byId(authenticatorID))?.type === "oauth2";
  app.get("/entry/oidc/:id", { schema: { hide: true, params: IdParams } }, async (request, reply) => {
    const { id } = request.params as { id: number };
    const target = (request.query as Record<string, unknown>)["target"];
    const row = await repo.byId(id);
    if (row?.type === "oauth2") return oauth2SignIn.start(row, target, request, reply);
    return signIn.start(id, target, request, reply);
  });
  app.get(jwtEntryPath, { schema: { hide: true } }, async (request, reply) => jwtSignIn.enter(request, reply));
  app.get("/entry/oidc/:id/callback", { schema: { hide: true, params: IdParams } }, async (request, reply) => {
    const { id } = request.params as { id: number };
    if (await isOAuth2(id)) return oauth2SignIn.callback(id, request, reply);
    return signIn.callback(id, request, reply);
  });
  return { memberForOAuthToken: (body, request, reply) => oauth2SignIn.memberForToken(body, request, reply) };
}
