import { errors as joseErrors, jwtVerify, SignJWT } from "jose";
import type { Kysely } from "kysely";
import type { Clock } from "../clock.ts";
import type { DB } from "../db/schema.ts";
import { HttpError } from "../errors.ts";
import { configSecret } from "../secrets.ts";
import { randomToken } from "./tokens.ts";

/** The query parameter a GET carries a role token in (Vanilla's name). */
export const ROLE_TOKEN_PARAM = "role-token";

/**
 * Role tokens are issued for windows of this length (Vanilla's default, 2 minutes), and one issued in the last
 * `ROLLOVER_S` of a window lasts to the end of the next: every member with the same roles gets the same token in a
 * window, so the answers it reads can be cached and shared.
 */
const WINDOW_S = 120;
const ROLLOVER_S = 60;
const ALGORITHM = "HS256";

const roleTokenMessages = {
  invalid: "Invalid role token.",
  expired: "The role token has expired.",
} as const;

/**
 * Role tokens (`POST /tokens/roles`, Vanilla's RoleToken): a JWT signed with HS256 by a secret kept in the config
 * table (made on first use), whose claims are the sorted role IDs, `iat` and `exp`. No user: whoever holds one reads
 * as a guest holding those roles would, on the few GET routes that allow it (`config.roleToken`).
 */
export function createRoleTokens(db: Kysely<DB>, clock: Clock) {
  let key: Promise<Uint8Array> | null = null;
  const secret = () =>
    (key ??= configSecret(db, "roleTokens.secret", () => randomToken(48)).then((value) =>
      new TextEncoder().encode(value),
    ));

  return {
    /** A token for these roles, and when it expires. */
    async issue(roleIDs: readonly number[]): Promise<{ roleToken: string; expires: Date }> {
      const now = Math.floor(clock.nowMs() / 1000);
      const start = now - (now % WINDOW_S);
      let exp = start + WINDOW_S;
      if (exp - now < ROLLOVER_S) exp += WINDOW_S;
      const roleToken = await new SignJWT({ roleIDs: [...new Set(roleIDs)].sort((a, b) => a - b) })
        .setProtectedHeader({ alg: ALGORITHM, typ: "JWT" })
        .setIssuedAt(start)
        .setExpirationTime(exp)
        .sign(await secret());
      return { roleToken, expires: new Date(exp * 1000) };
    },

    /** The role IDs a token names; 401 when it is expired, tampered with or not a role token at all. */
    async verify(token: string): Promise<number[]> {
      try {
        const { payload } = await jwtVerify(token, await secret(), {
          algorithms: [ALGORITHM],
          currentDate: clock.now(),
          requiredClaims: ["iat", "exp"],
        });
        const roleIDs = payload["roleIDs"];
        if (
          !Array.isArray(roleIDs) ||
          roleIDs.length === 0 ||
          !roleIDs.every((id): id is number => Number.isSafeInteger(id) && (id as number) > 0)
        )
          throw new HttpError(401, roleTokenMessages.invalid);
        return roleIDs;
      } catch (error) {
        if (error instanceof joseErrors.JWTExpired) throw new HttpError(401, roleTokenMessages.expired);
        if (error instanceof HttpError) throw error;
        throw new HttpError(401, roleTokenMessages.invalid);
      }
    },
  };
}

export type RoleTokens = ReturnType<typeof createRoleTokens>;
