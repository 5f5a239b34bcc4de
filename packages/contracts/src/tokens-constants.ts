/** Personal access tokens' limits, for the server's schema and the account page's form (no TypeBox here). */
export const tokenRules = { nameMaxLength: 100 } as const;
