import { randomBytes } from "node:crypto";
import path from "node:path";
import { botCheckProviderNames, botCheckProviders, type BotCheckProvider } from "@parley/contracts/bot-check";

/** Everything the server reads from its environment, parsed once at start. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** `postgres://…` switches the data layer to PostgreSQL; otherwise SQLite in the data dir. */
  databaseUrl: string | null;
  redisUrl: string | null;
  /** Password for the `admin` user created on the first start of an empty database. */
  adminPassword: string;
  /** True when the admin password was generated here and must be printed once. */
  adminPasswordGenerated: boolean;
  seed: "demo" | "none";
  debug: boolean;
  /** Where the built web app lives (client assets and the SSR entry). */
  webDistDir: string;
  /** `smtp://user:pass@host:port`; without it mail goes to the outbox in the data dir. */
  smtpUrl: string | null;
  mailFrom: string;
  /** New members confirm their e-mail address before they may post. */
  confirmEmail: boolean;
  /** Compress answers (brotli or gzip) for browsers that accept it; off behind a proxy that does. */
  compress: boolean;
  /**
   * How far V8 lets the heap grow past what the last full collection kept, in percent
   * (`--heap-growing-percent`); 0 leaves it to V8, which grows a busy heap up to four times over.
   */
  heapGrowthPercent: number;
  /**
   * Which connections' `X-Forwarded-For` / `-Proto` / `-Host` are believed (the client's address for rate
   * limits and sign-in throttles, the site's origin for links): true for any, false for none, or addresses and
   * ranges (`loopback`, `linklocal`, `uniquelocal`, CIDRs).
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

const value = (env: Env, name: string): string | undefined => {
  const raw = env[name];
  return raw === undefined || raw.trim() === "" ? undefined : raw.trim();
};

function parsePort(env: Env): number {
  const raw = value(env, "PORT");
  if (raw === undefined) return 3000;
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || port < 0 || port > 65535) {
    throw new ConfigError("PORT", `must be a whole number from 0 to 65535, got "${raw}".`);
  }
  return port;
}

/** Under load V8's own choice held 250–370 MB resident for ≈ 70 MB of live data; 50% held ≈ 230. */
const DEFAULT_HEAP_GROWTH_PERCENT = 50;

function parseWhole(env: Env, name: string, fallback: number, max: number): number {
  const raw = value(env, name);
  if (raw === undefined) return fallback;
  const number = Number(raw);
  if (!/^\d+$/.test(raw) || number > max) {
    throw new ConfigError(name, `must be a whole number from 0 to ${max}, got "${raw}".`);
  }
  return number;
}

function parseBotCheck(env: Env): BotCheckConfig | null {
  const provider = value(env, "PARLEY_BOT_CHECK");
  if (provider === undefined) return null;
  if (!(botCheckProviderNames as string[]).includes(provider))
    throw new ConfigError("PARLEY_BOT_CHECK", `must be one of ${botCheckProviderNames.join(", ")}, got "${provider}".`);
  const siteKey = value(env, "PARLEY_BOT_CHECK_SITE_KEY");
  const secret = value(env, "PARLEY_BOT_CHECK_SECRET");
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

function parseUrl(env: Env, name: string, protocols: string[]): string | null {
  const raw = value(env, name);
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

function parseBoolean(env: Env, name: string): boolean {
  const raw = value(env, name);
  if (raw === undefined) return false;
  if (/^(1|true|yes|on)$/i.test(raw)) return true;
  if (/^(0|false|no|off)$/i.test(raw)) return false;
  throw new ConfigError(name, `must be true or false, got "${raw}".`);
}

/**
 * Proxies on this machine or a private network (a load balancer beside the processes): a client that
 * reaches the server directly cannot choose its own address by sending X-Forwarded-For.
 */
export const DEFAULT_TRUST_PROXY = "loopback,linklocal,uniquelocal";

function parseTrustProxy(env: Env): boolean | string {
  const raw = value(env, "PARLEY_TRUST_PROXY");
  if (raw === undefined) return DEFAULT_TRUST_PROXY;
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

/** Reads and checks the configuration; throws a ConfigError naming the first bad variable. */
export function loadConfig(env: Env = process.env, cwd = process.cwd()): Config {
  const port = parsePort(env);
  const host = value(env, "HOST") ?? "127.0.0.1";
  if (/\s/.test(host)) throw new ConfigError("HOST", `must be a host name or address, got "${host}".`);

  const dataDir = path.resolve(cwd, value(env, "PARLEY_DATA_DIR") ?? "data");
  const databaseUrl = parseUrl(env, "DATABASE_URL", ["postgres:", "postgresql:"]);
  const redisUrl = parseUrl(env, "REDIS_URL", ["redis:", "rediss:"]);

  const seedRaw = value(env, "PARLEY_SEED") ?? "demo";
  if (seedRaw !== "demo" && seedRaw !== "none") {
    throw new ConfigError("PARLEY_SEED", `must be "demo" or "none", got "${seedRaw}".`);
  }

  const givenPassword = env["PARLEY_ADMIN_PASSWORD"];
  if (givenPassword !== undefined && givenPassword !== "" && givenPassword.length < 8) {
    throw new ConfigError("PARLEY_ADMIN_PASSWORD", "must be at least 8 characters long.");
  }
  const adminPasswordGenerated = !givenPassword;
  const adminPassword = givenPassword || randomBytes(12).toString("base64url");

  return {
    port,
    host,
    dataDir,
    databaseUrl,
    redisUrl,
    adminPassword,
    adminPasswordGenerated,
    seed: seedRaw,
    debug: parseBoolean(env, "PARLEY_DEBUG"),
    webDistDir: path.resolve(cwd, value(env, "PARLEY_WEB_DIST") ?? "apps/web/dist"),
    smtpUrl: parseUrl(env, "SMTP_URL", ["smtp:", "smtps:"]),
    mailFrom: value(env, "PARLEY_MAIL_FROM") ?? "Parley <noreply@localhost>",
    confirmEmail: value(env, "PARLEY_CONFIRM_EMAIL") === undefined ? true : parseBoolean(env, "PARLEY_CONFIRM_EMAIL"),
    compress: value(env, "PARLEY_COMPRESS") === undefined ? true : parseBoolean(env, "PARLEY_COMPRESS"),
    heapGrowthPercent: parseWhole(env, "PARLEY_HEAP_GROWTH", DEFAULT_HEAP_GROWTH_PERCENT, 1_000),
    trustProxy: parseTrustProxy(env),
    translationEndpoints: {
      deepl: parseUrl(env, "PARLEY_DEEPL_URL", ["https:", "http:"]),
      google: parseUrl(env, "PARLEY_GOOGLE_TRANSLATE_URL", ["https:", "http:"]),
    },
    botCheck: parseBotCheck(env),
  };
}
