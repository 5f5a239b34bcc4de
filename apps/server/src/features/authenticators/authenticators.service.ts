import {
  authenticatorMessages,
  authenticatorRules,
  type AuthenticatorPatch,
  type AuthenticatorPost,
} from "@parley/contracts";
import { requireAccess } from "../../platform/auth/access.ts";
import type { Clock } from "../../platform/clock.ts";
import { HttpError } from "../../platform/errors.ts";
import type { RequestContext } from "../../platform/http/request-context.ts";
import { authenticatorsPolicy } from "./authenticators.policy.ts";
import { defaultUserMappings, presentAuthenticator, presentButton } from "./authenticators.present.ts";
import type { AuthenticatorsRepo } from "./authenticators.repo.ts";

const DEFAULT_SCOPE = "openid profile email";

/** `/authenticators`: site managers add, read, change and remove the providers members may sign in with. */
export function createAuthenticatorsService(repo: AuthenticatorsRepo, clock: Clock) {
  async function load(authenticatorID: number) {
    const row = await repo.byId(authenticatorID);
    if (!row) throw new HttpError(404, authenticatorMessages.notFound);
    return row;
  }

  return {
    types(context: RequestContext) {
      requireAccess(context.viewer, authenticatorsPolicy.canManage);
      return [{ authenticatorType: "oidc", name: "OpenID Connect" }];
    },

    async list(query: { type?: string[] | undefined }, context: RequestContext) {
      requireAccess(context.viewer, authenticatorsPolicy.canManage);
      return (await repo.list(query.type)).map((row) => presentAuthenticator(row, context.origin));
    },

    async get(authenticatorID: number, context: RequestContext) {
      requireAccess(context.viewer, authenticatorsPolicy.canManage);
      return presentAuthenticator(await load(authenticatorID), context.origin);
    },

    /** The buttons of the sign-in and registration pages: every active, visible authenticator, the default first. */
    async buttons() {
      const rows = (await repo.list()).filter((row) => row.active === 1 && row.visible === 1);
      return rows.sort((a, b) => b.isDefault - a.isDefault).map(presentButton);
    },

    async create(body: AuthenticatorPost, context: RequestContext) {
      requireAccess(context.viewer, authenticatorsPolicy.canManage);
      if ((await repo.count()) >= authenticatorRules.maxAuthenticators)
        throw new HttpError(422, authenticatorMessages.tooMany);
      if (body.default) await repo.clearDefault();
      const id = await repo.insert({
        name: body.name.trim(),
        type: body.type,
        clientID: body.clientID.trim(),
        secret: body.secret,
        issuer: body.issuer.trim(),
        scope: body.scope?.trim() || DEFAULT_SCOPE,
        buttonLabel: body.buttonLabel?.trim() ?? "",
        isDefault: body.default ? 1 : 0,
        active: body.active === false ? 0 : 1,
        visible: body.visible === false ? 0 : 1,
        markVerified: body.markVerified ? 1 : 0,
        userMappings: JSON.stringify({ ...defaultUserMappings, ...body.userMappings }),
        dateInserted: clock.nowIso(),
        dateUpdated: null,
      });
      return presentAuthenticator(await load(id), context.origin);
    },

    async update(authenticatorID: number, body: AuthenticatorPatch, context: RequestContext) {
      requireAccess(context.viewer, authenticatorsPolicy.canManage);
      const row = await load(authenticatorID);
      if (body.default) await repo.clearDefault();
      await repo.update(authenticatorID, {
        ...(body.name !== undefined ? { name: body.name.trim() } : {}),
        ...(body.clientID !== undefined ? { clientID: body.clientID.trim() } : {}),
        ...(body.secret !== undefined ? { secret: body.secret } : {}),
        ...(body.issuer !== undefined ? { issuer: body.issuer.trim() } : {}),
        ...(body.scope !== undefined ? { scope: body.scope.trim() } : {}),
        ...(body.buttonLabel !== undefined ? { buttonLabel: body.buttonLabel.trim() } : {}),
        ...(body.default !== undefined ? { isDefault: body.default ? 1 : 0 } : {}),
        ...(body.active !== undefined ? { active: body.active ? 1 : 0 } : {}),
        ...(body.visible !== undefined ? { visible: body.visible ? 1 : 0 } : {}),
        ...(body.markVerified !== undefined ? { markVerified: body.markVerified ? 1 : 0 } : {}),
        ...(body.userMappings !== undefined
          ? { userMappings: JSON.stringify({ ...JSON.parse(row.userMappings), ...body.userMappings }) }
          : {}),
        dateUpdated: clock.nowIso(),
      });
      return presentAuthenticator(await load(authenticatorID), context.origin);
    },

    async remove(authenticatorID: number, context: RequestContext) {
      requireAccess(context.viewer, authenticatorsPolicy.canManage);
      await load(authenticatorID);
      await repo.remove(authenticatorID);
    },
  };
}

export type AuthenticatorsService = ReturnType<typeof createAuthenticatorsService>;
