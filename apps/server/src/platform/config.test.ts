import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

describe("loadConfig", () => {
  it("has the documented defaults", () => {
    const config = loadConfig({}, "/srv/parley");
    expect(config).toMatchObject({
      port: 3000,
      host: "127.0.0.1",
      dataDir: "/srv/parley/data",
      databaseUrl: null,
      redisUrl: null,
      storage: { kind: "local" },
      workers: 1,
      seed: "demo",
      adminPasswordGenerated: true,
      debug: false,
      pseudoLocale: false,
      compress: true,
      heapGrowthPercent: 20,
      trustProxy: "loopback,linklocal,uniquelocal",
      publicUrl: "http://localhost:3000",
      rateLimits: { searchPerMinute: 300, guestApiPerMinute: 600, signInPerAccount: 100 },
    });
    expect(config.adminPassword.length).toBeGreaterThanOrEqual(12);
  });

  it("reads the bot check: the provider's own addresses unless replaced, none without PARLEY_BOT_CHECK", () => {
    expect(loadConfig({}).botCheck).toBeNull();
    const keys = { PARLEY_BOT_CHECK_SITE_KEY: "site", PARLEY_BOT_CHECK_SECRET: "secret" };
    expect(loadConfig({ PARLEY_BOT_CHECK: "recaptcha", ...keys }).botCheck).toEqual({
      provider: "recaptcha",
      siteKey: "site",
      secret: "secret",
      scriptUrl: "https://www.google.com/recaptcha/api.js",
      verifyUrl: "https://www.google.com/recaptcha/api/siteverify",
    });
    expect(
      loadConfig({
        PARLEY_BOT_CHECK: "turnstile",
        ...keys,
        PARLEY_BOT_CHECK_SCRIPT_URL: "http://127.0.0.1:9/fake.js",
        PARLEY_BOT_CHECK_VERIFY_URL: "http://127.0.0.1:9/verify",
      }).botCheck,
    ).toMatchObject({ scriptUrl: "http://127.0.0.1:9/fake.js", verifyUrl: "http://127.0.0.1:9/verify" });
  });

  it("reads the uploads' storage: an S3-compatible bucket, with keys or the AWS SDK's own sources", () => {
    const s3 = { PARLEY_STORAGE: "s3", PARLEY_S3_BUCKET: "forum-uploads" };
    expect(
      loadConfig({
        ...s3,
        PARLEY_S3_ENDPOINT: "https://s3.example.com",
        PARLEY_S3_REGION: "eu-central-1",
        PARLEY_S3_ACCESS_KEY_ID: "key",
        PARLEY_S3_SECRET_ACCESS_KEY: "secret",
      }).storage,
    ).toEqual({
      kind: "s3",
      endpoint: "https://s3.example.com",
      bucket: "forum-uploads",
      region: "eu-central-1",
      credentials: { accessKeyId: "key", secretAccessKey: "secret" },
    });
    expect(loadConfig(s3).storage).toEqual({
      kind: "s3",
      endpoint: null,
      bucket: "forum-uploads",
      region: "us-east-1",
      credentials: null,
    });
  });

  it("reads every variable", () => {
    const config = loadConfig(
      {
        PORT: "8080",
        HOST: "0.0.0.0",
        PARLEY_DATA_DIR: "/var/lib/parley",
        DATABASE_URL: "postgres://postgres@127.0.0.1:5432/test",
        REDIS_URL: "redis://127.0.0.1:6379",
        PARLEY_ADMIN_PASSWORD: "correct horse",
        PARLEY_SEED: "none",
        PARLEY_WORKERS: "4",
        PARLEY_COMPRESS: "false",
        PARLEY_HEAP_GROWTH: "0",
        PARLEY_TRUST_PROXY: "10.0.0.0/8, 192.168.1.7",
        PARLEY_SEARCH_LIMIT: "0",
        PARLEY_GUEST_API_LIMIT: "1200",
      },
      "/srv",
    );
    expect(config).toMatchObject({
      port: 8080,
      host: "0.0.0.0",
      dataDir: "/var/lib/parley",
      databaseUrl: "postgres://postgres@127.0.0.1:5432/test",
      redisUrl: "redis://127.0.0.1:6379",
      adminPassword: "correct horse",
      adminPasswordGenerated: false,
      workers: 4,
      seed: "none",
      compress: false,
      heapGrowthPercent: 0,
      trustProxy: "10.0.0.0/8,192.168.1.7",
      rateLimits: { searchPerMinute: 0, guestApiPerMinute: 1200 },
    });
    expect(config.publicUrl).toBe("http://localhost:8080");
    expect(loadConfig({ PARLEY_TRUST_PROXY: "true" }).trustProxy).toBe(true);
    expect(loadConfig({ PARLEY_TRUST_PROXY: "FALSE" }).trustProxy).toBe(false);
  });

  it("reads who may read /metrics: loopback by default, a token when given, addresses and ranges", () => {
    expect(loadConfig({}).metrics).toEqual({ token: null, addresses: "loopback" });
    expect(
      loadConfig({ PARLEY_METRICS_TOKEN: " s3cret ", PARLEY_METRICS_ADDRESSES: "loopback, 10.1.2.3, fd00::/8" })
        .metrics,
    ).toEqual({ token: "s3cret", addresses: "loopback,10.1.2.3,fd00::/8" });
  });

  it("reads the site address: an http(s) origin, by default the address the server prints at start", () => {
    expect(loadConfig({ PARLEY_PUBLIC_URL: "https://Forum.Example/" }).publicUrl).toBe("https://forum.example");
    expect(loadConfig({ PARLEY_PUBLIC_URL: "https://forum.example:8443" }).publicUrl).toBe(
      "https://forum.example:8443",
    );
    expect(loadConfig({ PARLEY_PUBLIC_URL: "http://forum.example:80" }).publicUrl).toBe("http://forum.example");
    expect(loadConfig({ HOST: "forum.internal", PORT: "80" }).publicUrl).toBe("http://forum.internal");
    expect(loadConfig({ HOST: "::1", PORT: "3001" }).publicUrl).toBe("http://localhost:3001");
    expect(loadConfig({ HOST: "fd00::7", PORT: "3001" }).publicUrl).toBe("http://[fd00::7]:3001");
    expect(loadConfig({ HOST: "10.0.0.7" }).publicUrl).toBe("http://10.0.0.7:3000");
    expect(loadConfig({ HOST: "::" }).publicUrl).toBe("http://localhost:3000");
  });

  it.each([
    [{ PARLEY_PUBLIC_URL: "forum.example" }, "PARLEY_PUBLIC_URL"],
    [{ PARLEY_PUBLIC_URL: "ftp://forum.example" }, "PARLEY_PUBLIC_URL"],
    [{ PARLEY_PUBLIC_URL: "https://forum.example/forum" }, "PARLEY_PUBLIC_URL"],
    [{ PARLEY_PUBLIC_URL: "https://forum.example/?x=1" }, "PARLEY_PUBLIC_URL"],
    [{ PARLEY_PUBLIC_URL: "https://user:pass@forum.example" }, "PARLEY_PUBLIC_URL"],
    [{ PORT: "0" }, "PARLEY_PUBLIC_URL"],
    [{ PORT: "abc" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ DATABASE_URL: "mysql://localhost/x" }, "DATABASE_URL"],
    [{ DATABASE_URL: "not a url" }, "DATABASE_URL"],
    [{ REDIS_URL: "http://localhost" }, "REDIS_URL"],
    [{ PARLEY_SEED: "lots" }, "PARLEY_SEED"],
    [{ PARLEY_ADMIN_PASSWORD: "short" }, "PARLEY_ADMIN_PASSWORD"],
    [{ PARLEY_DEBUG: "maybe" }, "PARLEY_DEBUG"],
    [{ PARLEY_COMPRESS: "gzip" }, "PARLEY_COMPRESS"],
    [{ PARLEY_TRUST_PROXY: "everyone" }, "PARLEY_TRUST_PROXY"],
    [{ PARLEY_HEAP_GROWTH: "-5" }, "PARLEY_HEAP_GROWTH"],
    [{ PARLEY_HEAP_GROWTH: "1.5" }, "PARLEY_HEAP_GROWTH"],
    [{ PARLEY_HEAP_GROWTH: "5000" }, "PARLEY_HEAP_GROWTH"],
    [{ PARLEY_SEARCH_LIMIT: "lots" }, "PARLEY_SEARCH_LIMIT"],
    [{ PARLEY_GUEST_API_LIMIT: "-1" }, "PARLEY_GUEST_API_LIMIT"],
    [{ LOG_LEVEL: "loud" }, "LOG_LEVEL"],
    [{ PARLEY_STORAGE: "nfs" }, "PARLEY_STORAGE"],
    [{ PARLEY_STORAGE: "s3" }, "PARLEY_S3_BUCKET"],
    [{ PARLEY_STORAGE: "s3", PARLEY_S3_BUCKET: "b", PARLEY_S3_ENDPOINT: "s3.example.com" }, "PARLEY_S3_ENDPOINT"],
    [{ PARLEY_STORAGE: "s3", PARLEY_S3_BUCKET: "b", PARLEY_S3_ACCESS_KEY_ID: "k" }, "PARLEY_S3_SECRET_ACCESS_KEY"],
    [{ PARLEY_STORAGE: "s3", PARLEY_S3_BUCKET: "b", PARLEY_S3_SECRET_ACCESS_KEY: "s" }, "PARLEY_S3_ACCESS_KEY_ID"],
    [{ PARLEY_METRICS_ADDRESSES: "everyone" }, "PARLEY_METRICS_ADDRESSES"],
    [{ PARLEY_METRICS_ADDRESSES: "10.0.0.0/33" }, "PARLEY_METRICS_ADDRESSES"],
    [{ PARLEY_METRICS_ADDRESSES: "999.1.1.1" }, "PARLEY_METRICS_ADDRESSES"],
    [{ PARLEY_WORKERS: "0" }, "PARLEY_WORKERS"],
    [{ PARLEY_WORKERS: "100" }, "PARLEY_WORKERS"],
    // SQLite is one process's; limits and events in memory too.
    [{ PARLEY_WORKERS: "2" }, "PARLEY_WORKERS"],
    [{ PARLEY_WORKERS: "2", DATABASE_URL: "postgres://127.0.0.1/x" }, "PARLEY_WORKERS"],
    [{ PARLEY_WORKERS: "2", REDIS_URL: "redis://127.0.0.1" }, "PARLEY_WORKERS"],
    [{ PARLEY_BOT_CHECK: "captchaco" }, "PARLEY_BOT_CHECK"],
    [{ PARLEY_BOT_CHECK: "turnstile", PARLEY_BOT_CHECK_SECRET: "s" }, "PARLEY_BOT_CHECK_SITE_KEY"],
    [{ PARLEY_BOT_CHECK: "turnstile", PARLEY_BOT_CHECK_SITE_KEY: "k" }, "PARLEY_BOT_CHECK_SECRET"],
    [
      {
        PARLEY_BOT_CHECK: "turnstile",
        PARLEY_BOT_CHECK_SITE_KEY: "k",
        PARLEY_BOT_CHECK_SECRET: "s",
        PARLEY_BOT_CHECK_VERIFY_URL: "ftp://x",
      },
      "PARLEY_BOT_CHECK_VERIFY_URL",
    ],
  ])("stops on a bad value naming the variable: %o", (env, variable) => {
    let caught: unknown;
    try {
      loadConfig(env, "/srv");
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    expect((caught as ConfigError).variable).toBe(variable);
    expect((caught as ConfigError).message.startsWith(`${variable}: `)).toBe(true);
    expect((caught as ConfigError).message).not.toContain("\n");
  });
});
