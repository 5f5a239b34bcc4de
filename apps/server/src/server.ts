import cluster from "node:cluster";
import path from "node:path";
import v8 from "node:v8";
import type { FastifyInstance } from "fastify";
import { buildApp } from "./app.ts";
import { bootstrapDatabase, prepareDataDir, type BootstrapReport } from "./db/bootstrap.ts";
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

/** What the start did to the database: where it is, the migrations run, the admin account made on a first start. */
export function bootstrapLines(database: Database, report: BootstrapReport): string[] {
  const lines = [
    `  database: ${database.describe}${report.migrations.length ? ` (ran ${report.migrations.length} migrations)` : ""}`,
  ];
  if (report.admin) {
    lines.push(`  created the user "${report.admin.name}"${report.seeded ? " and the demo community" : ""}`);
    if (report.admin.generated) {
      lines.push(`  admin password (shown once, set PARLEY_ADMIN_PASSWORD to choose one): ${report.admin.password}`);
    }
  }
  return lines;
}

/**
 * Opens and prepares the database, builds the app and listens; prints the admin password of a
 * first start once. Shared by `npm start` (built web app) and `npm run dev` (Vite).
 */
export async function startServer(
  config: Config,
  pages: PagesOptions,
  options: { contentSecurityPolicy: boolean; guestApiCacheTtlMs?: number; readCacheTtlMs?: number },
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
    ...(options.readCacheTtlMs ? { readCacheTtlMs: options.readCacheTtlMs } : {}),
    logger: { level: config.logLevel },
    runJobs: true,
    compress: config.compress,
    trustProxy: config.trustProxy,
  });
  app.addHook("onClose", async () => database.close());
  // Under PARLEY_WORKERS each answer names the worker that gave it (cluster.ts), for operators and the cluster test.
  if (cluster.isWorker)
    app.addHook("onRequest", (_request, reply, done) => {
      reply.header("x-parley-worker", String(process.pid));
      done();
    });

  let closing = false;
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    const close = () => {
      if (closing) return;
      closing = true;
      app.log.info(`${signal}: closing`);
      void app.close().then(() => process.exit(0));
    };
    // A worker hears a stop twice, from the terminal or systemd (the whole process group) and from its
    // primary: the second must not kill it mid-close. A lone process keeps a second Ctrl-C as a way out.
    if (cluster.isWorker) process.on(signal, close);
    else process.once(signal, close);
  }
  await app.listen({ port: config.port, host: config.host });

  const listening = listenAddress(config.host, config.port);
  const lines = [`Parley is running at ${listening}${cluster.isWorker ? ` (worker process ${process.pid})` : ""}`];
  if (new URL(listening).origin !== config.publicUrl) lines.push(`  site address (links, e-mail): ${config.publicUrl}`);
  lines.push(...bootstrapLines(database, report));
  lines.push(`  ready in ${Math.round(performance.now() - started)} ms`);
  console.log(lines.join("\n"));
  return app;
}
