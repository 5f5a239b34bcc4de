import {
  authenticatorCallbackPath,
  authenticatorMessages,
  authenticatorRules,
  authenticatorSignInPath,
  type FieldError,
  type OAuth2Authenticator,
  type OAuth2AuthenticatorPatch,
  type OAuth2AuthenticatorPost,
  type OAuth2UserMappings,
} from "@parley/contracts";
import { requireAccess } from "../../platform/auth/access.ts";
import type { Clock } from "../../platform/clock.ts";
import { fieldError, HttpError, validationFailed } from "../../platform/errors.ts";
import type { RequestContext } from "../../platform/http/request-context.ts";
import { isFetchable } from "./authenticators.landing.ts";
import { authenticatorsPolicy } from "./authenticators.policy.ts";
import type { AuthenticatorRow, AuthenticatorsRepo } from "./authenticators.repo.ts";

/** Vanilla's OAuth2 add-on's profile keys, so a site moving over keeps its settings' meaning. */
const defaultOAuth2Mappings: OAuth2UserMappings = {
  uniqueID: "user_id",
  email: "email",
  name: "displayname",
  photoUrl: "picture",
  fullName: "name",
  roles: "",
};

/** The profile keys kept, over the defaults; a key emptied (null or "") reads nothing. */
export const oauth2MappingsOf = (row: AuthenticatorRow): OAuth2UserMappings => {
  const kept = JSON.parse(row.userMappings) as Record<string, string | null | undefined>;
  const mappings = { ...defaultOAuth2Mappings };
  for (const key of Object.keys(mappings) as Array<keyof OAuth2UserMappings>)
    if (kept[key] !== undefined) mappings[key] = kept[key] ?? "";
  return mappings;
};

const flag = (value: boolean | undefined) => (value === undefined ? undefined : value ? 1 : 0);
/** `{key: value}` when the value was given, else nothing: a PATCH changes only what it names. */
const set = <K extends string, V>(key: K, value: V | undefined) =>
  (value === undefined ? {} : { [key]: value }) as Partial<Record<K, V>>;

/** A row → the `/authenticators/oauth2` record. The secret is never part of it. */
function presentOAuth2(row: AuthenticatorRow, origin: string): OAuth2Authenticator {
  return {
    authenticatorID: row.authenticatorID,
    name: row.name,
    type: "oauth2",
    clientID: row.clientID,
    default: row.isDefault === 1,
    active: row.active === 1,
    visible: row.visible === 1,
    isOidc: false,
    markVerified: row.markVerified === 1,
    buttonLabel: row.buttonLabel,
    hasSecret: row.secret !== "",
    useBearerToken: row.useBearerToken === 1,
    useBasicAuthToken: row.useBasicAuthToken === 1,
    postProfileRequest: row.postProfileRequest === 1,
    authenticationRequest: { scope: row.scope, prompt: row.prompt },
    userMappings: oauth2MappingsOf(row),
    urls: {
      authenticateUrl: row.authorizeUrl,
      tokenUrl: row.tokenUrl,
      profileUrl: row.profileUrl,
      signInUrl: `${origin}${authenticatorSignInPath(row.authenticatorID)}`,
      redirectUrl: `${origin}${authenticatorCallbackPath(row.authenticatorID)}`,
    },
    dateInserted: row.dateInserted,
    dateUpdated: row.dateUpdated,
  };
}

/** The three addresses as they will be saved: each https (or http on this machine), else a 422 naming it. */
function checkUrls(urls: { authenticateUrl: string; tokenUrl: string; profileUrl: string }): void {
  const errors: FieldError[] = [];
  for (const [key, value] of Object.entries(urls))
    if (!isFetchable(value))
      errors.push(fieldError(`urls.${key}`, "oauth2UrlRequired", authenticatorMessages.oauth2UrlRequired, 422));
  if (errors.length) throw validationFailed(errors);
}

/**
 * `/authenticators/oauth2` (Vanilla's OAuth2 add-on): site managers add, read and change an OAuth 2 provider's
 * settings. Listing and removing are `/authenticators`' own, for every type.
 */
export function createOAuth2Settings(repo: AuthenticatorsRepo, clock: Clock) {
  async function load(authenticatorID: number): Promise<AuthenticatorRow> {
    const row = await repo.byId(authenticatorID);
    if (!row || row.type !== "oauth2") throw new HttpError(404, authenticatorMessages.notFound);
    return row;
  }

  return {
    async get(authenticatorID: number, context: RequestContext) {
      requireAccess(context.viewer, authenticatorsPolicy.canManage);
      return presentOAuth2(await load(authenticatorID), context.origin);
    },

    async create(body: OAuth2AuthenticatorPost, context: RequestContext) {
      requireAccess(context.viewer, authenticatorsPolicy.canManage);
      const urls = {
        authenticateUrl: body.urls.authenticateUrl.trim(),
        tokenUrl: body.urls.tokenUrl.trim(),
        profileUrl: body.urls.profileUrl.trim(),
      };
      checkUrls(urls);
      if ((await repo.count()) >= authenticatorRules.maxAuthenticators)
        throw new HttpError(422, authenticatorMessages.tooMany);
      if (body.default) await repo.clearDefault();
      const id = await repo.insert({
        type: "oauth2",
        name: body.name.trim(),
        clientID: body.clientID.trim(),
        secret: body.secret,
        issuer: "",
        scope: body.authenticationRequest?.scope?.trim() ?? "",
        prompt: body.authenticationRequest?.prompt?.trim() ?? "",
        authorizeUrl: urls.authenticateUrl,
        tokenUrl: urls.tokenUrl,
        profileUrl: urls.profileUrl,
        useBearerToken: body.useBearerToken === false ? 0 : 1,
        useBasicAuthToken: body.useBasicAuthToken === false ? 0 : 1,
        postProfileRequest: body.postProfileRequest ? 1 : 0,
        buttonLabel: body.buttonLabel?.trim() ?? "",
        isDefault: body.default ? 1 : 0,
        active: body.active === false ? 0 : 1,
        visible: body.visible === false ? 0 : 1,
        markVerified: body.markVerified ? 1 : 0,
        signOutAtProvider: 0,
        userMappings: JSON.stringify({ ...defaultOAuth2Mappings, ...body.userMappings }),
        dateInserted: clock.nowIso(),
        dateUpdated: null,
      });
      return presentOAuth2(await load(id), context.origin);
    },

    async update(authenticatorID: number, body: OAuth2AuthenticatorPatch, context: RequestContext) {
      requireAccess(context.viewer, authenticatorsPolicy.canManage);
      const row = await load(authenticatorID);
      const urls = {
        authenticateUrl: body.urls?.authenticateUrl?.trim() ?? row.authorizeUrl,
        tokenUrl: body.urls?.tokenUrl?.trim() ?? row.tokenUrl,
        profileUrl: body.urls?.profileUrl?.trim() ?? row.profileUrl,
      };
      checkUrls(urls);
      const request = body.authenticationRequest;
      if (body.default) await repo.clearDefault();
      await repo.update(authenticatorID, {
        ...set("name", body.name?.trim()),
        ...set("clientID", body.clientID?.trim()),
        ...set("secret", body.secret),
        ...set("buttonLabel", body.buttonLabel?.trim()),
        ...set("scope", request?.scope?.trim()),
        ...set("prompt", request?.prompt?.trim()),
        authorizeUrl: urls.authenticateUrl,
        tokenUrl: urls.tokenUrl,
        profileUrl: urls.profileUrl,
        ...set("isDefault", flag(body.default)),
        ...set("active", flag(body.active)),
        ...set("visible", flag(body.visible)),
        ...set("markVerified", flag(body.markVerified)),
        ...set("useBearerToken", flag(body.useBearerToken)),
        ...set("useBasicAuthToken", flag(body.useBasicAuthToken)),
        ...set("postProfileRequest", flag(body.postProfileRequest)),
        ...set(
          "userMappings",
          body.userMappings === undefined
            ? undefined
            : JSON.stringify({ ...oauth2MappingsOf(row), ...body.userMappings }),
        ),
        dateUpdated: clock.nowIso(),
      });
      return presentOAuth2(await load(authenticatorID), context.origin);
    },
  };
}

export type OAuth2Settings = ReturnType<typeof createOAuth2Settings>;
