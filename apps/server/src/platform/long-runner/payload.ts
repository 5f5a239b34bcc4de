import { createHmac } from "node:crypto";
import { safeEqual } from "../auth/tokens.ts";

/**
 * What a long-running call carries between rounds: who started it, which action with which arguments,
 * the IDs still to do and what is done so far. Signed (JWT, HS256 with a server secret) and short-lived.
 */
export interface CallbackPayload {
  /** The user who started the call; each round runs as them with their current permissions. */
  userID: number;
  action: string;
  args: unknown;
  remainingIDs: number[];
  countTotalIDs: number;
  countSuccess: number;
  countFailed: number;
  /** The highest failure status so far (0 when none). */
  failureStatus: number;
  /** The time budget of each round, in milliseconds. */
  budgetMs: number;
  /** Expiry, seconds since the epoch. */
  exp: number;
}

const header = Buffer.from(JSON.stringify({ alg: "HS256", typ: "JWT" })).toString("base64url");
const sign = (secret: string, data: string) => createHmac("sha256", secret).update(data).digest("base64url");

export function signPayload(payload: CallbackPayload, secret: string): string {
  const body = Buffer.from(JSON.stringify(payload)).toString("base64url");
  return `${header}.${body}.${sign(secret, `${header}.${body}`)}`;
}

const isIdList = (value: unknown): value is number[] =>
  Array.isArray(value) && value.every((id) => Number.isSafeInteger(id));
const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

/** The payload when the token is well formed, signed with the secret and not expired; else why not. */
export function verifyPayload(
  token: string,
  secret: string,
  now = Date.now(),
): { payload: CallbackPayload } | { error: "invalid" | "expired" } {
  const parts = token.trim().split(".");
  if (parts.length !== 3 || parts[0] !== header) return { error: "invalid" };
  const [head, body, signature] = parts as [string, string, string];
  if (!safeEqual(signature, sign(secret, `${head}.${body}`))) return { error: "invalid" };
  let data: Partial<CallbackPayload>;
  try {
    data = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as Partial<CallbackPayload>;
  } catch {
    return { error: "invalid" };
  }
  const valid =
    isCount(data.userID) &&
    typeof data.action === "string" &&
    isIdList(data.remainingIDs) &&
    isCount(data.countTotalIDs) &&
    isCount(data.countSuccess) &&
    isCount(data.countFailed) &&
    isCount(data.failureStatus) &&
    isCount(data.budgetMs) &&
    isCount(data.exp);
  if (!valid) return { error: "invalid" };
  if ((data.exp as number) * 1000 <= now) return { error: "expired" };
  return { payload: data as CallbackPayload };
}
