import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/** A random token for a cookie, a link or an access token: 32 bytes, base64url. */
export const randomToken = (bytes = 32) => randomBytes(bytes).toString("base64url");

/** How tokens are stored: only their sha256, so a leaked table signs nobody in. */
export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** Constant-time equality of two strings. */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
