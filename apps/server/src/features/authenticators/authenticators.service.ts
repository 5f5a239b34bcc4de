import {
  authenticatorMessages,
  authenticatorRules,
  type AuthenticatorPatch,
  type AuthenticatorPost,
  type FieldError,
} from "@parley/contracts";
import { requireAccess } from "../../platform/auth/access.ts";
import type { Clock } from "../../platform/clock.ts";
import { fieldError, HttpError, validationFailed } from "../../platform/errors.ts";
import type { RequestContext } from "../../platform/http/request-context.ts";
import { isFetchable } from "./authenticators.landing.ts";
import { authenticatorsPolicy } from "./authenticators.policy.ts";
import { defaultUserMappings, presentAuthenticator, presentButton } from "./authenticators.present.ts";
import type { AuthenticatorsRepo } from "./authenticators.repo.ts";

const DEFAULT_SCOPE = "openid profile email";

interface Settings {
  type: string;
  issuer: string;
  secret: string;
  signingAlgorithm: string;
  jwksUrl: string;
}

/**
 * What each type needs, on the settings as they will be saved: OpenID Connect its issuer URL and client secret;
 * JWT a shared secret of 256 bits or more (HS256) or its keys' address (RS256).
 */
function checkSettings(settings: Settings): void {
  const errors: FieldError[] = [];
  if (settings.type === "oidc") {
    if (!URL.canParse(settings.issuer))
      errors.push(fieldError("issuer", "issuerRequired", authenticatorMessages.issuerRequired));
    if (!settings.secret) errors.push(fieldError("secret", "secretRequired", authenticatorMessages.secretRequired));
  } else if (settings.type === "oauth2") {
    if (!settings.secret)
      errors.push(fieldError("secret", "secretRequired", authenticatorMessages.oauth2SecretRequired, 422));
  } else if (settings.signingAlgorithm === "RS256") {
    if (!isFetchable(settings.jwksUrl))
      errors.push(fieldError("jwksUrl", "jwksRequired", authenticatorMessages.jwksRequired));
  } else if (settings.secret.length < authenticatorRules.jwtSecretMinLength) {
    errors.push(fieldError("secret", "jwtSecretShort", authenticatorMessages.jwtSecretShort));
  }
  if (errors.length) throw validationFailed(errors);
}

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
      return [
        { authenticatorType: "oidc", name: "OpenID Connect" },
        { authenticatorType: "jwt", name: "JWT (signed by the host site)" },
        { authenticatorType: "oauth2", name: "OAuth 2" },
      ];
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
      // A JWT authenticator has no page to send the browser to: the host site links to the forum itself.
      const rows = (await repo.list(["oidc", "oauth2"])).filter((row) => row.active === 1 && row.visible === 1);
      return rows.sort((a, b) => b.isDefault - a.isDefault).map(presentButton);
    },

    async create(body: AuthenticatorPost, context: RequestContext) {
      requireAccess(context.viewer, authenticatorsPolicy.canManage);
      if ((await repo.count()) >= authenticatorRules.maxAuthenticators)
        throw new HttpError(422, authenticatorMessages.tooMany);
      const jwt = body.type === "jwt";
      const settings: Settings = {
        type: body.type,
        issuer: body.issuer?.trim() ?? "",
        secret: body.secret ?? "",
        signingAlgorithm: jwt ? (body.signingAlgorithm ?? "HS256") : "",
        jwksUrl: jwt ? (body.jwksUrl?.trim() ?? "") : "",
      };
      checkSettings(settings);
      if (body.default) await repo.clearDefault();
      const id = await repo.insert({
        ...settings,
        name: body.name.trim(),
        clientID: body.clientID.trim(),
        scope: jwt ? "" : body.scope?.trim() || DEFAULT_SCOPE,
        buttonLabel: body.buttonLabel?.trim() ?? "",
        isDefault: body.default ? 1 : 0,
        active: body.active === false ? 0 : 1,
        visible: body.visible === false ? 0 : 1,
        markVerified: body.markVerified ? 1 : 0,
        signOutAtProvider: body.signOutAtProvider === false ? 0 : 1,
        userMappings: JSON.stringify({ ...defaultUserMappings, ...body.userMappings }),
        dateInserted: clock.nowIso(),
        dateUpdated: null,
      });
      return presentAuthenticator(await load(id), context.origin);
    },

    async update(authenticatorID: number, body: AuthenticatorPatch, context: RequestContext) {
      requireAccess(context.viewer, authenticatorsPolicy.canManage);
      const row = await load(authenticatorID);
      const jwt = row.type === "jwt";
      checkSettings({
        type: row.type,
        issuer: body.issuer?.trim() ?? row.issuer,
        secret: body.secret ?? row.secret,
        signingAlgorithm: jwt ? (body.signingAlgorithm ?? row.signingAlgorithm) : "",
        jwksUrl: jwt ? (body.jwksUrl?.trim() ?? row.jwksUrl) : "",
      });
      if (body.default) await repo.clearDefault();
      await repo.update(authenticatorID, {
        ...(body.name !== undefined ? { name: body.name.trim() } : {}),
        ...(body.clientID !== undefined ? { clientID: body.clientID.trim() } : {}),
        ...(body.secret !== undefined ? { secret: body.secret } : {}),
        ...(body.issuer !== undefined ? { issuer: body.issuer.trim() } : {}),
        ...(body.scope !== undefined && !jwt ? { scope: body.scope.trim() } : {}),
        ...(body.signingAlgorithm !== undefined && jwt ? { signingAlgorithm: body.signingAlgorithm } : {}),
        ...(body.jwksUrl !== undefined && jwt ? { jwksUrl: body.jwksUrl.trim() } : {}),
        ...(body.buttonLabel !== undefined ? { buttonLabel: body.buttonLabel.trim() } : {}),
        ...(body.default !== undefined ? { isDefault: body.default ? 1 : 0 } : {}),
        ...(body.active !== undefined ? { active: body.active ? 1 : 0 } : {}),
        ...(body.visible !== undefined ? { visible: body.visible ? 1 : 0 } : {}),
        ...(body.markVerified !== undefined ? { markVerified: body.markVerified ? 1 : 0 } : {}),
        ...(body.signOutAtProvider !== undefined ? { signOutAtProvider: body.signOutAtProvider ? 1 : 0 } : {}),
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
