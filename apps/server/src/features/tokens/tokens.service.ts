import { tokenMessages, tokenRules, type AccessToken, type OAuthToken, type RoleToken } from "@parley/contracts";
import type { Clock } from "../../platform/clock.ts";
import { assertAccountUsable, requireSignedIn } from "../../platform/auth/authorize.ts";
import type { RoleTokens } from "../../platform/auth/role-tokens.ts";
import { hashToken, randomToken } from "../../platform/auth/tokens.ts";
import { isSignedIn, type Viewer } from "../../platform/auth/viewer.ts";
import { toRfc3339 } from "../../platform/dates.ts";
import { HttpError, notFound } from "../../platform/errors.ts";
import type { AccessTokenRow, TokensRepo } from "./tokens.repo.ts";

const present = (row: AccessTokenRow, accessToken?: string): AccessToken => ({
  accessTokenID: row.accessTokenID,
  name: row.name,
  ...(accessToken ? { accessToken } : {}),
  dateInserted: toRfc3339(row.dateInserted),
  dateLastUsed: row.dateLastUsed === null ? null : toRfc3339(row.dateLastUsed),
  dateExpires: row.dateExpires === null ? null : toRfc3339(row.dateExpires),
});

/** Personal access tokens: shown once when created, stored hashed, for `Authorization: Bearer`. */
export function createTokensService(repo: TokensRepo, clock: Clock, roleTokens: RoleTokens) {
  const own = async (viewer: Viewer, id: number) => {
    const row = await repo.findById(id);
    if (!row || row.userID !== viewer.userID) throw notFound("Access token");
    return row;
  };
  const issue = async (userID: number, name: string, dateExpires: string | null) => {
    const accessToken = `parley_${randomToken()}`;
    const row = await repo.insert({
      userID,
      name,
      tokenHash: hashToken(accessToken),
      dateInserted: clock.nowIso(),
      dateLastUsed: null,
      dateExpires,
    });
    return { row, accessToken };
  };
  return {
    async list(viewer: Viewer) {
      requireSignedIn(viewer);
      return (await repo.listOf(viewer.userID)).map((row) => present(row));
    },
    async create(viewer: Viewer, name: string) {
      requireSignedIn(viewer);
      // A token cannot mint more tokens: a leaked one must not outlive its revocation.
      if (viewer.via === "bearer")
        throw new HttpError(403, "Access tokens can only be created from a signed-in session.");
      const { row, accessToken } = await issue(viewer.userID, name, null);
      return present(row, accessToken);
    },
    /** `POST /tokens/roles`: a role token for the signed-in member's roles (a guest has none to give). */
    async roleToken(viewer: Viewer): Promise<RoleToken> {
      if (!isSignedIn(viewer)) throw new HttpError(403, tokenMessages.roleTokenGuest);
      assertAccountUsable(viewer);
      const { roleToken, expires } = await roleTokens.issue(viewer.roleIDs);
      return { roleToken, expires: toRfc3339(expires.toISOString()) };
    },
    /** `POST /tokens/oauth`, once the member is found: an access token that expires after `oauthLifetimeMs`. */
    async forOAuthMember(userID: number): Promise<OAuthToken> {
      const dateExpires = new Date(clock.nowMs() + tokenRules.oauthLifetimeMs).toISOString();
      const { accessToken } = await issue(userID, "OAuth", dateExpires);
      return { accessToken, dateExpires: toRfc3339(dateExpires) };
    },
    async get(viewer: Viewer, id: number) {
      requireSignedIn(viewer);
      return present(await own(viewer, id));
    },
    async revoke(viewer: Viewer, id: number) {
      requireSignedIn(viewer);
      await repo.remove((await own(viewer, id)).accessTokenID);
    },
  };
}

export type TokensService = ReturnType<typeof createTokensService>;
