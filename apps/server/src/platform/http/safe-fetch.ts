import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";

/**
 * Fetching an address a member wrote (link previews) without letting it reach the server's own network (SSRF).
 * Each hop's host is resolved once (`dns.lookup`, every address); the request is refused when any address is
 * not public unicast (loopback, private, link-local, unique-local, multicast, unspecified, carrier-grade NAT,
 * IPv4-mapped or NAT64 forms of those: whatever ipaddr.js does not call `unicast`), and the connection is made
 * to the checked address itself (a pinned `lookup`), so a second DNS answer (rebinding) cannot swap it.
 * Redirects are followed by hand, each one checked the same way; the whole fetch has one time limit and reads
 * at most `maxBytes`; only the content types asked for are read. Hosts an administrator allows
 * (`linkPreviews.allowedHosts`, `authenticators.allowedHosts`) skip the address check: an intranet wiki, or a
 * test's own 127.0.0.1 server. A request may be a POST with headers and a body (an OAuth 2 provider's token
 * address); redirects are then best not followed (`maxRedirects: 0`), and `readErrors` hands back a refusal's
 * answer (its `error`) instead of throwing.
 */

export interface SafeFetchOptions {
  /** Host names or addresses (as written in URLs, lower case) fetched even when their addresses are not public. */
  allowedHosts?: readonly string[];
  /** The whole fetch, redirects included (default 5 s). */
  timeoutMs?: number;
  /** Bytes read at most; the connection is closed past them and the answer marked truncated (default 1 MB). */
  maxBytes?: number;
  /** Redirects followed at most (default 5). */
  maxRedirects?: number;
  /** Content types read (`text/html`…, or the wildcard `*\/*` for any); another answers `unsupportedType`. */
  accept: readonly string[];
  /** GET unless said (a redirect is followed with GET). */
  method?: "GET" | "POST" | "PUT";
  /** Sent as well (`authorization`…); the user agent, `accept` and `accept-encoding` are the fetch's own. */
  headers?: Readonly<Record<string, string>>;
  /** The request's body (a POST's). */
  body?: string;
  /** An answer other than 2xx is handed back with its status (and its body, when of a type read), not thrown. */
  readErrors?: boolean;
}

export interface SafeFetchResult {
  /** The address that answered (after redirects). */
  url: string;
  status: number;
  contentType: string;
  body: string;
  /** The answer was longer than `maxBytes`: `body` is its beginning. */
  truncated: boolean;
}

export type SafeFetchFailure =
  | "invalidUrl"
  | "forbiddenAddress"
  | "unresolved"
  | "timeout"
  | "tooManyRedirects"
  | "httpError"
  | "unsupportedType"
  | "network";

export class SafeFetchError extends Error {
  constructor(
    readonly reason: SafeFetchFailure,
    message: string,
  ) {
    super(message);
    this.name = "SafeFetchError";
  }
}

/**
 * Ports fetched on public hosts: the web's defaults and their common alternates. Allowed hosts may use any
 * port (the test server's random one); other ports on the open internet are mostly not web pages.
 */
const PUBLIC_PORTS = new Set(["", "80", "443", "8080", "8443"]);
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

const reads = (accept: readonly string[], type: string) => accept.includes(type) || accept.includes("*/*");

/** True when an address may be fetched: global unicast only (ipaddr.js's range names, IPv4-mapped unwrapped). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === "unicast";
}

/** The host as it is compared with the allowed list: lower case, IPv6 without brackets. */
const hostOf = (url: URL) => url.hostname.toLowerCase().replace(/^\[|\]$/g, "");

async function resolve(host: string): Promise<{ address: string; family: number }[]> {
  if (ipaddr.isValid(host)) return [{ address: host, family: host.includes(":") ? 6 : 4 }];
  try {
    return await dns.promises.lookup(host, { all: true, verbatim: true });
  } catch {
    throw new SafeFetchError("unresolved", `${host} does not resolve.`);
  }
}

/** A `lookup` that answers the checked address whatever it is asked: the connection goes where we checked. */
function pinned(address: string, family: number): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all)
      (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };
}

interface Hop {
  status: number;
  location: string | undefined;
  contentType: string;
  body: string;
  truncated: boolean;
}

type Settings = Required<Omit<SafeFetchOptions, "body">> & Pick<SafeFetchOptions, "body">;

function request(
  url: URL,
  target: { address: string; family: number },
  options: Settings,
  signal: AbortSignal,
  first: boolean,
): Promise<Hop> {
  // A redirect is followed with GET and without the caller's headers (its credentials stay with the first host).
  const method = first ? options.method : "GET";
  const own = first ? { ...options.headers } : {};
  const sends = method === "POST" || method === "PUT";
  if (sends) own["content-length"] = String(Buffer.byteLength(options.body ?? ""));
  const client = url.protocol === "https:" ? https : http;
  return new Promise<Hop>((resolvePromise, reject) => {
    const req = client.request(
      url,
      {
        method,
        lookup: pinned(target.address, target.family),
        agent: false,
        signal,
        headers: {
          ...own,
          "user-agent": "Parley (+https://github.com/parley)",
          accept: options.accept.join(", "),
          // No compression: a small compressed answer cannot grow past the limit in memory (a zip bomb).
          "accept-encoding": "identity",
        },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        const contentType = String(res.headers["content-type"] ?? "").toLowerCase();
        const location = res.headers.location;
        const type = contentType.split(";")[0]!.trim();
        const failed = status < 200 || status >= 300;
        if (REDIRECTS.has(status) || (failed && !options.readErrors) || !reads(options.accept, type)) {
          res.destroy();
          resolvePromise({ status, location, contentType: type, body: "", truncated: false });
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        let done = false;
        const finish = (truncated: boolean) => {
          if (done) return;
          done = true;
          if (truncated) res.destroy();
          const body = Buffer.concat(chunks).toString("utf8");
          resolvePromise({ status, location, contentType: type, body, truncated });
        };
        res.on("data", (chunk: Buffer) => {
          if (done) return;
          const room = options.maxBytes - size;
          chunks.push(chunk.length > room ? chunk.subarray(0, room) : chunk);
          size += Math.min(chunk.length, room);
          if (chunk.length > room) finish(true);
        });
        res.on("end", () => finish(false));
        res.on("error", (error) => reject(error));
      },
    );
    req.on("error", reject);
    req.end(sends ? (options.body ?? "") : undefined);
  });
}

/** The allowed hosts as `check` compares them: lower case, IPv6 without brackets. */
const allowedSet = (hosts: readonly string[]) =>
  new Set(hosts.map((host) => host.toLowerCase().replace(/^\[|\]$/g, "")));

/** Checks one address before it is requested: the URL's scheme and port, then every address its host has. */
async function check(url: URL, allowed: ReadonlySet<string>): Promise<{ address: string; family: number }> {
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new SafeFetchError("invalidUrl", `Only http and https addresses are fetched, not ${url.protocol}.`);
  }
  if (url.username || url.password)
    throw new SafeFetchError("invalidUrl", "Addresses with credentials are not fetched.");
  const host = hostOf(url);
  const isAllowed = allowed.has(host);
  if (!isAllowed && !PUBLIC_PORTS.has(url.port)) {
    throw new SafeFetchError("forbiddenAddress", `Port ${url.port} is fetched only on allowed hosts.`);
  }
  const addresses = await resolve(host);
  if (addresses.length === 0) throw new SafeFetchError("unresolved", `${host} does not resolve.`);
  if (!isAllowed) {
    const refused = addresses.find((entry) => !isPublicAddress(entry.address));
    if (refused)
      throw new SafeFetchError("forbiddenAddress", `${host} resolves to ${refused.address}, which is not public.`);
  }
  return addresses[0]!;
}

/**
 * Checks an address as a fetch would before requesting it (scheme, port, every address its host resolves to),
 * without requesting it: an address a site manager registers (a webhook's) is refused at once, and checked again
 * at each fetch (its host may resolve elsewhere by then).
 */
export async function checkFetchable(address: string, allowedHosts: readonly string[] = []): Promise<void> {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new SafeFetchError("invalidUrl", "Not an address.");
  }
  await check(url, allowedSet(allowedHosts));
}

/** Fetches `address` under the rules above; throws a `SafeFetchError` saying why not. */
export async function safeFetch(address: string, options: SafeFetchOptions): Promise<SafeFetchResult> {
  const settings: Settings = {
    allowedHosts: [],
    timeoutMs: 5_000,
    maxBytes: 1_000_000,
    maxRedirects: 5,
    method: "GET",
    headers: {},
    readErrors: false,
    ...options,
  };
  const allowed = allowedSet(settings.allowedHosts);
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new SafeFetchError("timeout", `No full answer within ${settings.timeoutMs} ms.`));
    }, settings.timeoutMs);
  });
  const run = async (): Promise<SafeFetchResult> => {
    let url: URL;
    try {
      url = new URL(address);
    } catch {
      throw new SafeFetchError("invalidUrl", "Not an address.");
    }
    for (let redirects = 0; ; redirects++) {
      const target = await check(url, allowed);
      let hop: Hop;
      try {
        hop = await request(url, target, settings, controller.signal, redirects === 0);
      } catch (error) {
        if (error instanceof SafeFetchError) throw error;
        throw new SafeFetchError("network", `${url.host} did not answer: ${(error as Error).message}`);
      }
      if (REDIRECTS.has(hop.status) && hop.location) {
        if (redirects >= settings.maxRedirects) {
          throw new SafeFetchError("tooManyRedirects", `More than ${settings.maxRedirects} redirects.`);
        }
        url = new URL(hop.location, url);
        continue;
      }
      const failed = hop.status < 200 || hop.status >= 300;
      if (failed && !settings.readErrors) throw new SafeFetchError("httpError", `${url.host} answered ${hop.status}.`);
      if (!failed && !reads(settings.accept, hop.contentType)) {
        throw new SafeFetchError("unsupportedType", `${hop.contentType || "No content type"} is not read.`);
      }
      const { status, contentType, body, truncated } = hop;
      return { url: url.href, status, contentType, body, truncated };
    }
  };
  try {
    return await Promise.race([run(), timeout]);
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
}
