import { randomBytes } from "node:crypto";
import { isIP } from "node:net";
import path from "node:path";
import { botCheckProviderNames, botCheckProviders, type BotCheckProvider } from "@parley/contracts/bot-check";
import { DEFAULT_RATE_LIMITS, type RateLimits } from "./http/address-limits.ts";
import type { StorageConfig } from "./storage/storage.ts";
import {
  ENVIRONMENT,
  LOG_LEVELS,
  type LogLevel,
  type VariableName,
  type VariableWithDefault,
} from "./config.variables.ts";

export { DEFAULT_TRUST_PROXY } from "./config.variables.ts";

/** Everything the server reads from its environment, parsed once at start. */
export interface Config {
  port: number;
  host: string;
  /**
   * The site's own address (`PARLEY_PUBLIC_URL`, an origin such as `https://forum.example`): every absolute
   * link (e-mail, paging headers, records' `url`, pages) is built from it and the CSRF check compares
   * Origin/Referer with it. Never taken from a request's Host or X-Forwarded-* headers.
   */
  publicUrl: string;
  dataDir: string;
  /** `postgres://…` switches the data layer to PostgreSQL; otherwise SQLite in the data dir. */
  databaseUrl: string | null;
  redisUrl: string | null;
  /** Where uploads are kept: the local disk (`<dataDir>/uploads`) or an S3-compatible bucket (`PARLEY_STORAGE`). */
  storage: StorageConfig;
  /** Worker processes on one port (`PARLEY_WORKERS`, node:cluster); 1 serves from this process. */
  workers: number;
  /** Password for the `admin` user created on the first start of an empty database. */
  adminPassword: string;
  /** True when the admin password was generated here and must be printed once. */
  adminPasswordGenerated: boolean;
  seed: "demo" | "none";
  debug: boolean;
  /** Offer the right-to-left pseudo-locale (`ar-XB`) for testing layouts. */
  pseudoLocale: boolean;
  /** Where the built web app lives (client assets and the SSR entry). */
  webDistDir: string;
  /** `smtp://user:pass@host:port`; without it mail goes to the outbox in the data dir. */
  smtpUrl: string | null;
  mailFrom: string;
  /**
   * Whether new members confirm their e-mail address before they may post, until the site setting
   * `registration.confirmEmail` (the dashboard's Registration page) is stored: only its default.
   */
  confirmEmail: boolean;
  /**
   * Whether new members post under limits until trusted (the `newMembers.*` site settings), until an
   * administrator stores the settings: off makes nobody new (`newMembers.trustPosts` and `trustDays` default 0).
   */
  newMemberLimits: boolean;
  /** Whether administrators must use two-factor sign-in, until the site setting `security.requireAdminTwoFactor` is stored. */
  requireAdminTwoFactor: boolean;
  /** Compress answers (brotli or gzip) for browsers that accept it; off behind a proxy that does. */
  compress: boolean;
  /**
   * How far V8 lets the heap grow past what the last full collection kept, in percent
   * (`--heap-growing-percent`); 0 leaves it to V8, which grows a busy heap up to four times over.
   */
  heapGrowthPercent: number;
  /**
   * Which connections' `X-Forwarded-For` / `-Proto` are believed (the client's address for rate limits and
   * sign-in throttles; https for the session cookie's Secure flag): true for any, false for none, or addresses
   * and ranges (`loopback`, `linklocal`, `uniquelocal`, CIDRs). No forwarded header builds a link (`publicUrl`).
   */
  trustProxy: boolean | string;
  /**
   * Where the machine-translation providers are reached (a proxy, or a test's stand-in); null for their
   * own addresses. DeepL's free keys (`…:fx`) and paid keys have addresses of their own.
   */
  translationEndpoints: TranslationEndpoints;
  /**
   * The bot check on registration (`PARLEY_BOT_CHECK` = recaptcha, hcaptcha or turnstile, with the site key and
   * secret the provider gave): asked when the registration method is captcha. Null when not configured.
   */
  botCheck: BotCheckConfig | null;
  /**
   * Per-address allowances of a minute: searches (`PARLEY_SEARCH_LIMIT`) and guests' API calls
   * (`PARLEY_GUEST_API_LIMIT`); 0 turns one off. Shared by every process through Redis when configured.
   */
  rateLimits: RateLimits;
  /** The server log's level (pino): `info` logs one line per request. */
  logLevel: LogLevel;
  /** The spam check: an Akismet key (null: the offline filter alone) and the verdicts that ban. */
  spam: SpamConfig;
  /** Who may read `GET /metrics`: a bearer token, or without one the connections from these addresses. */
  metrics: MetricsAccess;
}

export interface MetricsAccess {
  /** `PARLEY_METRICS_TOKEN`: when set, the one way in (from any address). */
  token: string | null;
  /** `PARLEY_METRICS_ADDRESSES`: without a token, the connections' addresses allowed (`loopback`, CIDRs, …). */
  addresses: string;
}

export interface SpamConfig {
  akismetKey: string | null;
  akismetUrl: string;
  /** Spam verdicts after which an account is banned automatically; 0 never bans. */
  banAfter: number;
}

export interface BotCheckConfig {
  provider: BotCheckProvider;
  siteKey: string;
  secret: string;
  /** The provider's script and siteverify addresses, unless replaced (a proxy, or a test's stand-in). */
  scriptUrl: string;
  verifyUrl: string;
}

/** The machine-translation providers' base URLs, when not their own. */
export interface TranslationEndpoints {
  deepl: string | null;
  google: string | null;
}

/** A bad environment value: its message is the one line printed when the start stops. */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(`${variable}: ${message}`);
    this.name = "ConfigError";
  }
}

type Env = Record<string, string | undefined>;

/** The variable's value, trimmed; undefined when unset or blank. */
function given(env: Env, name: VariableName): string | undefined {
  const raw = env[name];
  return raw === undefined || raw.trim() === "" ? undefined : raw.trim();
}

/** The variable's value, or its default from the table. */
const setting = (env: Env, name: VariableWithDefault): string => given(env, name) ?? ENVIRONMENT[name].default;

function parsePort(env: Env): number {
  const raw = setting(env, "PORT");
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || port < 0 || port > 65535) {
    throw new ConfigError("PORT", `must be a whole number from 0 to 65535, got "${raw}".`);
  }
  return port;
}

function parseWhole(env: Env, name: VariableWithDefault, max: number): number {
  const raw = setting(env, name);
  const number = Number(raw);
  if (!/^\d+$/.test(raw) || number > max) {
    throw new ConfigError(name, `must be a whole number from 0 to ${max}, got "${raw}".`);
  }
  return number;
}

function parseBotCheck(env: Env): BotCheckConfig | null {
  const provider = given(env, "PARLEY_BOT_CHECK");
  if (provider === undefined) return null;
  if (!(botCheckProviderNames as string[]).includes(provider))
    throw new ConfigError("PARLEY_BOT_CHECK", `must be one of ${botCheckProviderNames.join(", ")}, got "${provider}".`);
  const siteKey = given(env, "PARLEY_BOT_CHECK_SITE_KEY");
  const secret = given(env, "PARLEY_BOT_CHECK_SECRET");
  if (!siteKey) throw new ConfigError("PARLEY_BOT_CHECK_SITE_KEY", "is required with PARLEY_BOT_CHECK.");
  if (!secret) throw new ConfigError("PARLEY_BOT_CHECK_SECRET", "is required with PARLEY_BOT_CHECK.");
  const defaults = botCheckProviders[provider as BotCheckProvider];
  return {
    provider: provider as BotCheckProvider,
    siteKey,
    secret,
    scriptUrl: parseUrl(env, "PARLEY_BOT_CHECK_SCRIPT_URL", ["https:", "http:"]) ?? defaults.scriptUrl,
    verifyUrl: parseUrl(env, "PARLEY_BOT_CHECK_VERIFY_URL", ["https:", "http:"]) ?? defaults.verifyUrl,
  };
}

function parseUrl(env: Env, name: VariableName, protocols: string[]): string | null {
  const raw = given(env, name);
  if (raw === undefined) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(name, `is not a valid URL: "${raw}".`);
  }
  if (!protocols.includes(url.protocol)) {
    throw new ConfigError(
      name,
      `must start with ${protocols.map((p) => `${p}//`).join(" or ")}, got "${url.protocol}//".`,
    );
  }
  return raw;
}

function parseBoolean(env: Env, name: VariableWithDefault): boolean {
  const raw = setting(env, name);
  if (/^(1|true|yes|on)$/i.test(raw)) return true;
  if (/^(0|false|no|off)$/i.test(raw)) return false;
  throw new ConfigError(name, `must be true or false, got "${raw}".`);
}

function parseTrustProxy(env: Env): boolean | string {
  const raw = setting(env, "PARLEY_TRUST_PROXY");
  if (/^(true|false)$/i.test(raw)) return raw.toLowerCase() === "true";
  const parts = raw.split(",").map((part) => part.trim());
  const valid = parts.every(
    (part) =>
      /^(loopback|linklocal|uniquelocal)$/.test(part) ||
      /^[\d.]+(\/\d{1,2})?$/.test(part) ||
      /^[\da-f:]+(\/\d{1,3})?$/i.test(part),
  );
  if (!valid)
    throw new ConfigError(
      "PARLEY_TRUST_PROXY",
      `must be true, false or addresses (loopback, linklocal, uniquelocal, CIDRs), got "${raw}".`,
    );
  return parts.join(",");
}

function parseStorage(env: Env): StorageConfig {
  const kind = setting(env, "PARLEY_STORAGE");
  if (kind === "local") return { kind };
  if (kind !== "s3") throw new ConfigError("PARLEY_STORAGE", `must be "local" or "s3", got "${kind}".`);
  const bucket = given(env, "PARLEY_S3_BUCKET");
  if (!bucket) throw new ConfigError("PARLEY_S3_BUCKET", "is required with PARLEY_STORAGE=s3.");
  const accessKeyId = given(env, "PARLEY_S3_ACCESS_KEY_ID");
  const secretAccessKey = given(env, "PARLEY_S3_SECRET_ACCESS_KEY");
  if ((accessKeyId === undefined) !== (secretAccessKey === undefined))
    throw new ConfigError(
      accessKeyId === undefined ? "PARLEY_S3_ACCESS_KEY_ID" : "PARLEY_S3_SECRET_ACCESS_KEY",
      "is required with the other (PARLEY_S3_ACCESS_KEY_ID and PARLEY_S3_SECRET_ACCESS_KEY go together).",
    );
  return {
    kind,
    endpoint: parseUrl(env, "PARLEY_S3_ENDPOINT", ["https:", "http:"]),
    bucket,
    region: setting(env, "PARLEY_S3_REGION"),
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : null,
  };
}

/** A named range (as in `PARLEY_TRUST_PROXY`), an IP address, or a CIDR range whose prefix fits its address. */
function isAddressOrRange(part: string): boolean {
  if (/^(loopback|linklocal|uniquelocal)$/.test(part)) return true;
  const [address = "", prefix, ...rest] = part.split("/");
  const version = isIP(address);
  if (version === 0 || rest.length) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
}

function parseMetricsAccess(env: Env): MetricsAccess {
  const raw = setting(env, "PARLEY_METRICS_ADDRESSES");
  const parts = raw.split(",").map((part) => part.trim());
  if (!parts.every(isAddressOrRange))
    throw new ConfigError(
      "PARLEY_METRICS_ADDRESSES",
      `must be loopback, linklocal, uniquelocal, IP addresses or CIDR ranges, got "${raw}".`,
    );
  return { token: given(env, "PARLEY_METRICS_TOKEN") ?? null, addresses: parts.join(",") };
}

/** `PARLEY_WORKERS`: 1 to 64; more than one only on PostgreSQL and Redis, which the processes share. */
function parseWorkers(env: Env, databaseUrl: string | null, redisUrl: string | null): number {
  const workers = parseWhole(env, "PARLEY_WORKERS", 64);
  if (workers < 1) throw new ConfigError("PARLEY_WORKERS", `must be a whole number from 1 to 64, got "${workers}".`);
  if (workers > 1 && (!databaseUrl || !redisUrl))
    throw new ConfigError(
      "PARLEY_WORKERS",
      `${workers} processes need DATABASE_URL (PostgreSQL) and REDIS_URL, which they share: ` +
        "SQLite and in-memory limits and events serve from one process.",
    );
  return workers;
}

function parseLogLevel(env: Env): LogLevel {
  const raw = setting(env, "LOG_LEVEL");
  if (!(LOG_LEVELS as readonly string[]).includes(raw))
    throw new ConfigError("LOG_LEVEL", `must be one of ${LOG_LEVELS.join(", ")}, got "${raw}".`);
  return raw as LogLevel;
}

/** Hosts a browser on this machine reaches as `localhost`: loopback, and every interface. */
const LOCAL_HOSTS = new Set(["127.0.0.1", "::1", "0.0.0.0", "::", "localhost"]);

/**
 * The address the server prints at start, and the site's address unless configured:
 * `http://localhost:<port>` on a loopback or any-interface host, else `http://<host>:<port>`.
 */
export function listenAddress(host: string, port: number): string {
  const shown = LOCAL_HOSTS.has(host) ? "localhost" : host.includes(":") ? `[${host}]` : host;
  return `http://${shown}:${port}`;
}

/**
 * `PARLEY_PUBLIC_URL`: an http(s) origin (a path other than `/`, a query or credentials are refused, as the
 * site is served at the root); by default the address the server listens on.
 */
function parsePublicUrl(env: Env, host: string, port: number): string {
  const raw = parseUrl(env, "PARLEY_PUBLIC_URL", ["https:", "http:"]);
  if (raw === null) {
    if (port === 0)
      throw new ConfigError("PARLEY_PUBLIC_URL", "is required with PORT 0 (the port is not known before listening).");
    try {
      return new URL(listenAddress(host, port)).origin;
    } catch {
      throw new ConfigError("HOST", `must be a host name or address, got "${host}".`);
    }
  }
  const url = new URL(raw);
  if (url.pathname !== "/" || url.search || url.hash || url.username || url.password)
    throw new ConfigError(
      "PARLEY_PUBLIC_URL",
      `must be the site's origin alone (scheme, host and port, like https://forum.example), got "${raw}".`,
    );
  return url.origin;
}

/** Reads and checks the configuration; throws a ConfigError naming the first bad variable. */
export function loadConfig(env: Env = process.env, cwd = process.cwd()): Config {
  const port = parsePort(env);
  const host = setting(env, "HOST");
  if (/\s/.test(host)) throw new ConfigError("HOST", `must be a host name or address, got "${host}".`);

  const dataDir = path.resolve(cwd, setting(env, "PARLEY_DATA_DIR"));
  const databaseUrl = parseUrl(env, "DATABASE_URL", ["postgres:", "postgresql:"]);
  const redisUrl = parseUrl(env, "REDIS_URL", ["redis:", "rediss:"]);

  const workers = parseWorkers(env, databaseUrl, redisUrl);

  const seedRaw = setting(env, "PARLEY_SEED");
  if (seedRaw !== "demo" && seedRaw !== "none") {
    throw new ConfigError("PARLEY_SEED", `must be "demo" or "none", got "${seedRaw}".`);
  }

  const givenPassword = env["PARLEY_ADMIN_PASSWORD" satisfies VariableName];
  if (givenPassword !== undefined && givenPassword !== "" && givenPassword.length < 8) {
    throw new ConfigError("PARLEY_ADMIN_PASSWORD", "must be at least 8 characters long.");
  }
  const adminPasswordGenerated = !givenPassword;
  const adminPassword = givenPassword || randomBytes(12).toString("base64url");

  return {
    port,
    host,
    publicUrl: parsePublicUrl(env, host, port),
    dataDir,
    databaseUrl,
    redisUrl,
    storage: parseStorage(env),
    workers,
    adminPassword,
    adminPasswordGenerated,
    seed: seedRaw,
    debug: parseBoolean(env, "PARLEY_DEBUG"),
    pseudoLocale: parseBoolean(env, "PARLEY_PSEUDO_LOCALE"),
    webDistDir: path.resolve(cwd, setting(env, "PARLEY_WEB_DIST")),
    smtpUrl: parseUrl(env, "SMTP_URL", ["smtp:", "smtps:"]),
    mailFrom: setting(env, "PARLEY_MAIL_FROM"),
    confirmEmail: parseBoolean(env, "PARLEY_CONFIRM_EMAIL"),
    newMemberLimits: parseBoolean(env, "PARLEY_NEW_MEMBER_LIMITS"),
    requireAdminTwoFactor: parseBoolean(env, "PARLEY_REQUIRE_ADMIN_2FA"),
    compress: parseBoolean(env, "PARLEY_COMPRESS"),
    heapGrowthPercent: parseWhole(env, "PARLEY_HEAP_GROWTH", 1_000),
    trustProxy: parseTrustProxy(env),
    translationEndpoints: {
      deepl: parseUrl(env, "PARLEY_DEEPL_URL", ["https:", "http:"]),
      google: parseUrl(env, "PARLEY_GOOGLE_TRANSLATE_URL", ["https:", "http:"]),
    },
    botCheck: parseBotCheck(env),
    rateLimits: {
      ...DEFAULT_RATE_LIMITS,
      searchPerMinute: parseWhole(env, "PARLEY_SEARCH_LIMIT", 1_000_000),
      guestApiPerMinute: parseWhole(env, "PARLEY_GUEST_API_LIMIT", 1_000_000),
    },
    logLevel: parseLogLevel(env),
    spam: {
      akismetKey: given(env, "PARLEY_AKISMET_KEY") ?? null,
      akismetUrl: parseUrl(env, "PARLEY_AKISMET_URL", ["https:", "http:"]) ?? ENVIRONMENT.PARLEY_AKISMET_URL.default,
      banAfter: parseWhole(env, "PARLEY_SPAM_BAN_AFTER", 1_000),
    },
    metrics: parseMetricsAccess(env),
  };
}
