import { DEFAULT_RATE_LIMITS } from "./http/address-limits.ts";

/**
 * Proxies on this machine or a private network (a load balancer beside the processes): a client that
 * reaches the server directly cannot choose its own address by sending X-Forwarded-For.
 */
export const DEFAULT_TRUST_PROXY = "loopback,linklocal,uniquelocal";

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** One environment variable, as docs/configuration.md shows it. */
export interface Variable {
  /** The value read when the variable is unset or empty, checked like a given one. */
  readonly default?: string;
  /** The default in words, when it is not one value. */
  readonly defaultText?: string;
  readonly meaning: string;
}

/**
 * Every environment variable the server reads, in the order docs/configuration.md lists them. The parser
 * reads no other (config.ts's `given` and `setting` take only these names) and takes its defaults from here;
 * docs/configuration.md is generated from this table (`npm run docs:config`, checked by a test).
 */
export const ENVIRONMENT = {
  PORT: { default: "3000", meaning: "HTTP port." },
  HOST: { default: "127.0.0.1", meaning: "Address to listen on (`0.0.0.0` for every interface)." },
  PARLEY_PUBLIC_URL: {
    defaultText: "`HOST` and `PORT`'s",
    meaning:
      "The site's own address, an origin (`https://forum.example`): every absolute link (e-mail, paging `Link` " +
      "headers, records' `url`, pages' canonical links) is built from it, and the CSRF check compares " +
      "Origin/Referer with it. Never taken from `Host` or `X-Forwarded-*`. By default `http://localhost:<PORT>` " +
      "(loopback or every interface) or `http://<HOST>:<PORT>`: set it when behind a proxy. Required with `PORT` 0.",
  },
  PARLEY_DATA_DIR: {
    default: "./data",
    meaning:
      "The SQLite file (`parley.sqlite`), uploads (`uploads/`, unless `PARLEY_STORAGE` is `s3`) and the mail " +
      "outbox (`outbox/`).",
  },
  DATABASE_URL: { meaning: "A `postgres://` URL switches the data layer to PostgreSQL." },
  REDIS_URL: {
    meaning: "`redis://` URL for cross-process events and shared limits when several processes serve one site.",
  },
  PARLEY_STORAGE: {
    default: "local",
    meaning:
      "Where uploads are kept: `local` in `uploads/` in the data dir (share that folder between machines, or run " +
      "one); `s3` in an S3-compatible bucket every process of the site shares (the `PARLEY_S3_*` variables). Files " +
      "are always served through Parley at `/uploads/…`, with the same permission checks, never from the bucket.",
  },
  PARLEY_S3_ENDPOINT: {
    defaultText: "AWS's, for the region",
    meaning:
      "The S3-compatible service's address (`https://s3.example.com`, MinIO, Ceph, Garage, R2…). Buckets are " +
      "addressed by path (`<endpoint>/<bucket>/<key>`), so no DNS name per bucket is needed.",
  },
  PARLEY_S3_BUCKET: { meaning: "The bucket uploads go to (required with `PARLEY_STORAGE=s3`); it must exist." },
  PARLEY_S3_REGION: { default: "us-east-1", meaning: "The region the requests are signed for." },
  PARLEY_S3_ACCESS_KEY_ID: {
    defaultText: "the AWS SDK's",
    meaning:
      "The access key (with `PARLEY_S3_SECRET_ACCESS_KEY`). Both unset: the AWS SDK's usual sources " +
      "(`AWS_ACCESS_KEY_ID`…, a shared credentials file, an instance or container role).",
  },
  PARLEY_S3_SECRET_ACCESS_KEY: { defaultText: "the AWS SDK's", meaning: "The access key's secret." },
  PARLEY_WORKERS: {
    default: "1",
    meaning:
      "Processes serving the site on one port (`node:cluster`): a primary migrates the database, starts this " +
      "many workers, starts a worker again when one dies (waiting longer after each quick death, up to 30 s) " +
      "and passes SIGTERM and SIGINT on for a graceful stop. More than 1 needs `DATABASE_URL` and `REDIS_URL`. " +
      "Each worker's answers carry `X-Parley-Worker` (its process id).",
  },
  PARLEY_ADMIN_PASSWORD: {
    defaultText: "random",
    meaning:
      "Password of the `admin` user created on the first start of an empty database (8+ characters). When " +
      "unset, one is generated and printed once.",
  },
  PARLEY_SEED: {
    default: "demo",
    meaning: "`demo` seeds the demo community on an empty database; `none` creates only `admin`.",
  },
  PARLEY_DEBUG: { default: "false", meaning: "Show error details and stack traces in API error bodies." },
  PARLEY_PSEUDO_LOCALE: {
    default: "false",
    meaning:
      'Offer the right-to-left pseudo-locale `ar-XB` (every interface string mirrored, pages `dir="rtl"`) ' +
      "for testing layouts: `/locale?locale=ar-XB` picks it. For development and tests, not for readers.",
  },
  PARLEY_WEB_DIST: {
    default: "apps/web/dist",
    meaning: "Where the built web app is read from (client assets and the server-rendering entry).",
  },
  SMTP_URL: {
    meaning:
      "`smtp://user:pass@host:port` (or `smtps://`) to send mail; without it mail is written to `outbox/` in " +
      "the data dir, readable by admins at `GET /api/v2/outbox`. An SMTP host set on `/dashboard/settings/email` " +
      "replaces it.",
  },
  PARLEY_MAIL_FROM: {
    default: "Parley <noreply@localhost>",
    meaning: "The sender of the forum's mail, unless `/dashboard/settings/email` sets one.",
  },
  PARLEY_CONFIRM_EMAIL: {
    default: "true",
    meaning:
      "Only the default of the site setting `registration.confirmEmail`: whether new members confirm their e-mail " +
      "address before they may post, until an administrator sets it on `/dashboard/settings/registration` " +
      "(or `PATCH /api/v2/config`), which then decides.",
  },
  PARLEY_NEW_MEMBER_LIMITS: {
    default: "true",
    meaning:
      "Only the default of the limits for new members (posts a day, links and images a post, private messages " +
      "until trusted by posts or days): `false` makes nobody new until an administrator sets them on " +
      "`/dashboard/settings/registration` (or `PATCH /api/v2/config`), which then decides.",
  },
  PARLEY_REQUIRE_ADMIN_2FA: {
    default: "false",
    meaning:
      "Only the default of the site setting `security.requireAdminTwoFactor`: whether administrators must turn " +
      "on two-factor authentication before any other page works for them, until an administrator sets it on " +
      "`/dashboard/settings/registration` (or `PATCH /api/v2/config`), which then decides.",
  },
  PARLEY_COMPRESS: {
    default: "true",
    meaning:
      "Compress answers for browsers that accept it (brotli, else gzip): built assets from the build's " +
      "precompressed copies, pages and API answers on the fly. `false` behind a proxy that compresses.",
  },
  PARLEY_HEAP_GROWTH: {
    // Under load V8's own choice held 250–370 MB resident for ≈ 70 MB of live data; 50% held ≈ 230 (bench/README.md).
    default: "20",
    meaning:
      "How far (percent) the JavaScript heap may grow past what the last full garbage collection kept before " +
      "the next one. `0` leaves it to V8, which lets a busy heap grow about four times over: more memory for " +
      "no measured speed; 20 held 5–16 MB less than 50 under the bench's member and search rows at the same " +
      "CPU per request.",
  },
  PARLEY_TRUST_PROXY: {
    default: DEFAULT_TRUST_PROXY,
    meaning:
      "Whose `X-Forwarded-For` and `-Proto` are believed (the client's address for rate limits, sign-in " +
      "throttles and view counts; https for the session cookie): by default proxies on this machine or a " +
      "private network, such as a load balancer beside the processes. `true` believes anyone, `false` no one, " +
      "or addresses and CIDRs. No `X-Forwarded-*` header ever builds a link.",
  },
  PARLEY_SEARCH_LIMIT: {
    default: String(DEFAULT_RATE_LIMITS.searchPerMinute),
    meaning:
      "Searches (`GET /api/v2/search`, the title bar's suggestions included: five a keystroke) per client " +
      "address and minute, members' too; the search page's own search counts for its reader. Past it: 429 " +
      "with `Retry-After`. `0` for none. Shared by every process through Redis when `REDIS_URL` is set.",
  },
  PARLEY_GUEST_API_LIMIT: {
    default: String(DEFAULT_RATE_LIMITS.guestApiPerMinute),
    meaning:
      "`/api/v2` calls per client address and minute by guests (signed-in members and tokens have no such " +
      "limit); the calls a page render makes in-process are not counted. Past it: 429 with `Retry-After`. " +
      "`0` for none. Shared through Redis like the above.",
  },
  PARLEY_DEEPL_URL: {
    defaultText: "DeepL's own",
    meaning:
      "Where DeepL is reached (a proxy): by default `https://api-free.deepl.com` for keys ending `:fx`, else " +
      "`https://api.deepl.com`.",
  },
  PARLEY_GOOGLE_TRANSLATE_URL: {
    defaultText: "`https://translation.googleapis.com`",
    meaning: "Where Google Cloud Translation is reached (a proxy).",
  },
  PARLEY_BOT_CHECK: {
    meaning:
      "The bot check on registration under the captcha method: `recaptcha`, `hcaptcha` or `turnstile`; needs " +
      "the two below.",
  },
  PARLEY_BOT_CHECK_SITE_KEY: { meaning: "The site key the provider gave (public: the register page shows it)." },
  PARLEY_BOT_CHECK_SECRET: { meaning: "The secret the provider gave (sent only to its siteverify address)." },
  PARLEY_BOT_CHECK_SCRIPT_URL: {
    defaultText: "the provider's",
    meaning: "Where the provider's script is reached (a proxy, or a test's stand-in).",
  },
  PARLEY_BOT_CHECK_VERIFY_URL: {
    defaultText: "the provider's",
    meaning: "Where the provider's siteverify is reached (a proxy, or a test's stand-in).",
  },
  PARLEY_AKISMET_KEY: {
    meaning:
      "An Akismet (or Akismet-compatible service's) API key: posts are then checked there, and by the offline " +
      "spam filter when the service cannot be reached. Unset: the offline filter alone.",
  },
  PARLEY_AKISMET_URL: {
    default: "https://rest.akismet.com",
    meaning: "Where the Akismet-compatible service is reached (another service, a proxy, or a test's stand-in).",
  },
  PARLEY_SPAM_BAN_AFTER: {
    default: "3",
    meaning: "Spam verdicts after which an account is banned automatically; `0` never bans.",
  },
  PARLEY_METRICS_TOKEN: {
    meaning:
      "A secret that `GET /metrics` (Prometheus text) asks for as `Authorization: Bearer <token>`, from any " +
      "address. Unset: `/metrics` answers only the addresses of `PARLEY_METRICS_ADDRESSES`. Refused requests " +
      "get a 404, as for a path that does not exist.",
  },
  PARLEY_METRICS_ADDRESSES: {
    default: "loopback",
    meaning:
      "Without `PARLEY_METRICS_TOKEN`: the connections `GET /metrics` answers, by the connection's own address " +
      "(`loopback`, `linklocal`, `uniquelocal`, addresses or CIDRs, comma-separated). A request relayed by a " +
      "proxy (with `X-Forwarded-For`, `Forwarded` or `X-Real-IP`) is refused whatever its address: scrape the " +
      "process directly, or set the token.",
  },
  LOG_LEVEL: {
    default: "info",
    meaning:
      `Server log level (pino: ${LOG_LEVELS.join(", ")}): \`info\` logs one line per request. Every line of a ` +
      "request carries its `reqId` (the `X-Request-Id` it came with when well-formed, else a new one; echoed).",
  },
} as const satisfies Record<string, Variable>;

export type VariableName = keyof typeof ENVIRONMENT;
export type VariableWithDefault = {
  [Name in VariableName]: (typeof ENVIRONMENT)[Name] extends { default: string } ? Name : never;
}[VariableName];
