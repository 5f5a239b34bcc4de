import { randomBytes, timingSafeEqual } from "node:crypto";
import type { FastifyRequest } from "fastify";

/**
 * The header on the API calls a page render makes in-process (`inject`): this process's secret and the
 * address of the client whose page it is. Nobody outside the process knows the secret, so a client
 * cannot send it; without it a request is counted under its own `request.ip`.
 */
export const SSR_CLIENT_HEADER = "x-parley-ssr-client";

const secret = Buffer.from(randomBytes(24).toString("base64url"));

/** The header's value for a page render's calls on behalf of the client at `address`. */
export const ssrClientHeaderValue = (address: string): string => `${secret.toString()} ${address}`;

export interface Client {
  /** The address per-address limits count under: the page's client for a render's calls, else `request.ip`. */
  address: string;
  /** One of the server's own page-render calls (its page request was the client's). */
  ssr: boolean;
}

/**
 * Who a request counts as. A render's calls come from 127.0.0.1 with the page's X-Forwarded-For, which
 * names the right client only while loopback is a trusted proxy (`PARLEY_TRUST_PROXY`); the header says
 * it whatever the setting.
 */
export function clientOf(request: FastifyRequest): Client {
  const value = request.headers[SSR_CLIENT_HEADER];
  if (typeof value === "string") {
    const space = value.indexOf(" ");
    const given = Buffer.from(space > 0 ? value.slice(0, space) : "");
    if (given.length === secret.length && timingSafeEqual(given, secret))
      return { address: value.slice(space + 1), ssr: true };
  }
  return { address: request.ip, ssr: false };
}
