import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import type { Me } from "@parley/contracts";
import type { TestApp } from "../../test/app.ts";
import { cookieOf, TEST_HOST, TEST_ORIGIN } from "../../test/accounts.ts";

/** The callback addresses of the first 30 authenticators, registered at the test provider. */
export const callbackUris = Array.from({ length: 30 }, (_, index) => `${TEST_ORIGIN}/entry/oidc/${index + 1}/callback`);

/**
 * What the OpenID Connect and JWT sign-in tests both look at: who a session cookie signs in, the accounts an address
 * has, a member's roles, and a refused sign-in (back to the sign-in page with its reason, no session, no account).
 * `app` reads the test app when called, as suites make it in `beforeAll`.
 */
export function signInProbes(app: () => TestApp) {
  const meOf = async (sessionCookie: string) =>
    (
      await app().app.inject({
        method: "GET",
        url: "/api/v2/users/me",
        headers: { host: TEST_HOST, cookie: sessionCookie },
      })
    ).json<Me>();

  const usersWithEmail = (email: string) =>
    app().database.db.selectFrom("users").select(["userID", "name"]).where("email", "=", email).execute();

  const rolesOf = async (userID: number) =>
    (
      await app()
        .database.db.selectFrom("userRoles")
        .innerJoin("roles", "roles.roleID", "userRoles.roleID")
        .select("roles.name")
        .where("userRoles.userID", "=", userID)
        .execute()
    ).map((role) => role.name);

  const expectRefused = async (response: LightMyRequestResponse, reason: string, email?: unknown) => {
    expect(response.statusCode, response.body).toBe(303);
    expect(response.headers.location).toBe(`/entry/signin?ssoError=${reason}`);
    expect(cookieOf(response.headers["set-cookie"])).toBeNull();
    if (typeof email === "string") expect(await usersWithEmail(email)).toEqual([]);
  };

  return { meOf, usersWithEmail, rolesOf, expectRefused };
}
