import path from "node:path";
import type { Kysely } from "kysely";
import type { Redis } from "ioredis";
import type { Registry } from "prom-client";
import type { BotCheckConfig, Config, MetricsAccess, SpamConfig, TranslationEndpoints } from "./config.ts";
import { createStorage, type Storage, type StorageConfig } from "./storage/index.ts";
import type { Database } from "./db/database.ts";
import type { DB } from "./db/schema.ts";
import { createAuthRepo } from "./auth/auth.repo.ts";
import { systemClock, type Clock } from "./clock.ts";
import { createPermissionsService, type PermissionsService } from "./auth/permissions.ts";
import { createRoleTokens, type RoleTokens } from "./auth/role-tokens.ts";
import { createSessions, type Sessions } from "./auth/sessions.ts";
import { createMailer, type Mailer } from "./mail/mailer.ts";
import { mailSettings } from "./mail/mail-settings.ts";
import { createMemoryLimiter, createRedisLimiter, type Limiter } from "./http/rate-limit.ts";
import { DEFAULT_RATE_LIMITS, type RateLimits } from "./http/address-limits.ts";
import { createEventBus, type EventBus } from "./events.ts";
import { createContentChanges, type ContentChanges } from "./content-changes.ts";
import { createSiteConfig, type SiteConfig } from "./site-config.ts";
import { createJobs, type Jobs } from "./jobs/jobs.ts";
import { createPresence, type Presence } from "./presence.ts";
import { createScreeningHook, type ScreeningHook } from "./screening.ts";
import { createAdmissionHook, type AdmissionHook } from "./admission.ts";
import { createPostingRestrictions, type PostingRestrictions } from "./restrictions.ts";
import { assertUserUsable } from "./auth/authorize.ts";
import {
  createLongRunner,
  newLongRunnerSecret,
  type LongRunner,
  type LongRunnerOptions,
} from "./long-runner/long-runner.ts";
import { longRunnerQueue, LONG_RUNNER_JOB } from "./long-runner/long-runner.queue.ts";
import { createLongRunnerRepo } from "./long-runner/long-runner.repo.ts";
import { createMetrics } from "./metrics.ts";

export type PlatformConfig = Pick<
  Config,
  "debug" | "dataDir" | "redisUrl" | "smtpUrl" | "mailFrom" | "confirmEmail" | "publicUrl"
> & {
  /** Where the built web app is (`PARLEY_WEB_DIST`; `apps/web/dist` when absent): its `../locales` holds the interface packs. */
  webDistDir?: string;
  /** Limits for new members by default (`PARLEY_NEW_MEMBER_LIMITS`; default on). */
  newMemberLimits?: boolean;
  /** Administrators must use two-factor sign-in by default (`PARLEY_REQUIRE_ADMIN_2FA`; default off). */
  requireAdminTwoFactor?: boolean;
  /** Bulk actions' time budget and batch size (tests make them small). */
  longRunner?: Partial<LongRunnerOptions>;
  /** Machine-translation providers' addresses when not their own (`PARLEY_DEEPL_URL`, …). */
  translationEndpoints?: Partial<TranslationEndpoints>;
  /** The bot check on registration (`PARLEY_BOT_CHECK`, …); absent or null when not configured. */
  botCheck?: BotCheckConfig | null;
  /** Per-address limits (`PARLEY_SEARCH_LIMIT`, `PARLEY_GUEST_API_LIMIT`); the defaults for those not given. */
  rateLimits?: Partial<RateLimits>;
  /** What time it is (tests give a clock they move); the system's when absent. */
  clock?: Clock;
  /** The spam check's settings (`PARLEY_AKISMET_KEY`, …); the offline filter and a ban after 3 when absent. */
  spam?: Partial<SpamConfig>;
  /** Where uploads are kept (`PARLEY_STORAGE`, …); the local disk, `<dataDir>/uploads`, when absent. */
  storage?: StorageConfig;
  /** Who may read `/metrics` (`PARLEY_METRICS_TOKEN`, `PARLEY_METRICS_ADDRESSES`); loopback only when absent. */
  metrics?: MetricsAccess;
};

/** What every feature may use: the database, sessions and permissions, mail, rate limits, settings. */
export interface Platform {
  db: Kysely<DB>;
  database: Database;
  config: PlatformConfig;
  /** What time it is, for anything whose behaviour depends on it (`platform/clock.ts`). */
  clock: Clock;
  sessions: Sessions;
  /** Role tokens (`POST /tokens/roles`): issued here, read by the sessions on the routes that allow them. */
  roleTokens: RoleTokens;
  permissions: PermissionsService;
  mailer: Mailer;
  outboxDir: string;
  /** Uploads' files: `<dataDir>/uploads`, or an S3-compatible bucket every process shares (`platform/storage/`). */
  storage: Storage;
  events: EventBus;
  /** Content events that change what guests see, this process's and (through Redis) every other's: their caches listen. */
  contentChanges: ContentChanges;
  /** Site settings stored in the database (`ui.editContentTimeout`, …). */
  siteConfig: SiteConfig;
  /** Scheduled work (publishing scheduled drafts); timers start when the app is told to run jobs. */
  jobs: Jobs;
  /** Bulk work in batches within a time budget, resumed through `POST /calls/run` (reference §1.7). */
  longRunner: LongRunner;
  /** A limiter shared by every process when Redis is configured. */
  limiter(name: string, max: number, windowMs: number): Limiter;
  /** The configured per-address allowances, defaults filled in. */
  rateLimits: RateLimits;
  /** Who was seen when (who's online): in memory, or a Redis sorted set shared by every process. */
  presence: Presence;
  /** Screening member-written text before it is stored (watched words, the spam check: `screening.ts`). */
  screening: ScreeningHook;
  /** Refusing registrations and sign-ins (ban rules: `admission.ts`). */
  admission: AdmissionHook;
  /** Who may not post for now (a member made read-only by warnings: `restrictions.ts`). */
  restrictions: PostingRestrictions;
  /** This app's Prometheus metrics (`platform/metrics.ts`): features add gauges with `addGauge`. */
  metrics: Registry;
  /** Redis's answer to PING (`/readyz`); null when Redis is not configured. */
  pingRedis: (() => Promise<void>) | null;
  close(): Promise<void>;
}

export async function createPlatform(database: Database, config: PlatformConfig): Promise<Platform> {
  const clock = config.clock ?? systemClock;
  const authRepo = createAuthRepo(database.db);
  const permissions = createPermissionsService(authRepo);
  // ioredis loads only when Redis is configured.
  const redis: Redis | null = config.redisUrl
    ? new (await import("ioredis")).Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 })
    : null;
  const outboxDir = path.join(config.dataDir, "outbox");
  const storage = await createStorage(config.storage, config.dataDir);
  const presence = createPresence(clock, redis, database.siteKey);
  const roleTokens = createRoleTokens(database.db, clock);
  const sessions = createSessions({
    repo: authRepo,
    permissions,
    clock,
    roleTokens,
    onSeen: (userID) => presence.seen(userID),
  });
  const longRunnerRepo = createLongRunnerRepo(database.db, database.dialect);
  let longRunnerSecret: Promise<string> | null = null;
  const metrics = createMetrics({
    database,
    queued: () => longRunnerRepo.countQueued(new Date().toISOString()),
  });
  const jobs = createJobs((error, name) => {
    metrics.jobFailed(name);
    console.error(`Job ${name} failed:`, error);
  }, clock);
  metrics.watchJobs(jobs);
  const longRunner = createLongRunner({
    secret: () => (longRunnerSecret ??= longRunnerRepo.secret("longRunner.secret", newLongRunnerSecret)),
    viewerOf: async (userID) => {
      if (userID === 0) return sessions.guest();
      const user = await longRunnerRepo.userById(userID);
      if (!user) return null;
      assertUserUsable(user);
      return sessions.viewerFor(user, "cookie", null);
    },
    ...(config.longRunner ? { options: config.longRunner } : {}),
    queue: longRunnerQueue(longRunnerRepo, () => jobs.wakeAt(LONG_RUNNER_JOB, clock.now())),
    clock,
  });
  jobs.register(LONG_RUNNER_JOB, () => longRunner.runQueued(), { everyMs: 5_000 });
  // Until an administrator stores it, whether new members confirm their e-mail is the server's PARLEY_CONFIRM_EMAIL.
  // Likewise the limits for new members: off, nobody is new until the settings are stored.
  const restrictions = createPostingRestrictions();
  const events = createEventBus((error, name) => console.error(`Event listener for ${name} failed:`, error));
  const contentChanges = createContentChanges(events, config.redisUrl, database.siteKey, (error) =>
    console.error("Content changes:", error),
  );
  const siteConfig = createSiteConfig(database.db, {
    "registration.confirmEmail": config.confirmEmail,
    ...(config.requireAdminTwoFactor ? { "security.requireAdminTwoFactor": true } : {}),
    ...(config.newMemberLimits !== false ? {} : { "newMembers.trustPosts": 0, "newMembers.trustDays": 0 }),
  });
  return {
    db: database.db,
    database,
    config,
    clock,
    permissions,
    sessions,
    roleTokens,
    longRunner,
    mailer: createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir,
      settings: () => mailSettings(siteConfig),
      clock,
    }),
    outboxDir,
    storage,
    events,
    contentChanges,
    siteConfig,
    jobs,
    limiter: (name, max, windowMs) =>
      redis
        ? createRedisLimiter(redis, name, max, windowMs, database.siteKey)
        : createMemoryLimiter(name, max, windowMs, clock),
    rateLimits: { ...DEFAULT_RATE_LIMITS, ...config.rateLimits },
    presence,
    screening: createScreeningHook(restrictions),
    admission: createAdmissionHook(),
    restrictions,
    metrics: metrics.registry,
    pingRedis: redis ? async () => void (await redis.ping()) : null,
    close: async () => {
      storage.close();
      await contentChanges.close();
      await redis?.quit();
    },
  };
}
