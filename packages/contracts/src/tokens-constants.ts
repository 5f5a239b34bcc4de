/** Personal access tokens' limits, for the server's schema and the account page's form (no TypeBox here). */
export const tokenRules = {
  nameMaxLength: 100,
  /** An access token exchanged for an OAuth 2 provider's (`POST /tokens/oauth`) lasts this long. */
  oauthLifetimeMs: 60 * 60_000,
} as const;

export const tokenMessages = {
  roleTokenGuest: "Role tokens cannot be issued to unauthenticated users.",
} as const;
