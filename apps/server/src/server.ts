import path from "node:path";
import v8 from "node:v8";
import type { FastifyInstance } from "fastify";
import { buildApp } from "./app.ts";
import { bootstrapDatabase, prepareDataDir } from "./db/bootstrap.ts";
import { ConfigError, listenAddress, loadConfig, type Config } from "./platform/config.ts";
import { openDatabase, type Database } from "./platform/db/database.ts";
import type { PagesOptions } from "./pages/pages.ts";

const sqliteFileOf = (config: Pick<Config, "dataDir">) => path.join(config.dataDir, "parley.sqlite");

/** Reads the configuration or stops the process with one line naming the bad variable. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Parley cannot start: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}

export async function openConfiguredDatabase(config: Config): Promise<Database> {
  prepareDataDir(config.dataDir);
  return openDatabase({ databaseUrl: config.databaseUrl, sqliteFile: sqliteFileOf(config) });
}

/**
 * Opens and prepares the database, builds the app and listens; prints the admin password of a
 * first start once. Shared by `npm start` (built web app) and `npm run dev` (Vite).
 */
export async function startServer(
  config: Config,
  pages: PagesOptions,
  options: { contentSecurityPolicy: boolean; guestApiCacheTtlMs?: number },
): Promise<FastifyInstance> {
  const started = performance.now();
  // Read by V8 at each full collection, so it applies from the first one on.
  if (config.heapGrowthPercent > 0) v8.setFlagsFromString(`--heap-growing-percent=${config.heapGrowthPercent}`);
  const database = await openConfiguredDatabase(config);
  const report = await bootstrapDatabase(database, config);
  const app = await buildApp({
    config,
    database,
    pages,
    contentSecurityPolicy: options.contentSecurityPolicy,
    ...(options.guestApiCacheTtlMs ? { guestApiCacheTtlMs: options.guestApiCacheTtlMs } : {}),
    logger: { level: config.logLevel },
    runJobs: true,
    compress: config.compress,
    trustProxy: config.trustProxy,
  });
  app.addHook("onClose", async () => database.close());

  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      app.log.info(`${signal}: closing`);
      void app.close().then(() => process.exit(0));
    });
  }
  await app.listen({ port: config.port, host: config.host });

  const listening = listenAddress(config.host, config.port);
  const lines = [`Parley is running at ${listening}`];
  if (new URL(listening).origin !== config.publicUrl) lines.push(`  site address (links, e-mail): ${config.publicUrl}`);
  lines.push(
    `  database: ${database.describe}${report.migrations.length ? ` (ran ${report.migrations.length} migrations)` : ""}`,
  );
  if (report.admin) {
    lines.push(`  created the user "${report.admin.name}"${report.seeded ? " and the demo community" : ""}`);
    if (report.admin.generated) {
      lines.push(`  admin password (shown once, set PARLEY_ADMIN_PASSWORD to choose one): ${report.admin.password}`);
    }
  }
  lines.push(`  ready in ${Math.round(performance.now() - started)} ms`);
  console.log(lines.join("\n"));
  return app;
}
