import cluster from "node:cluster";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { ErrorBody, Health, Readiness } from "@parley/contracts";
import type { Database } from "../db/database.ts";

/** Which process answered: behind a load balancer, or under node:cluster (its worker's id). */
const servingProcess = () => ({ pid: process.pid, worker: cluster.isWorker ? (cluster.worker?.id ?? null) : null });

/** A readiness check gives up after this long: a pool with every client stuck is not ready either. */
const CHECK_TIMEOUT_MS = 2_000;

/** "ok" when `check` resolves in time, "failed" (logged) when it rejects or takes too long. */
async function probe(check: () => Promise<unknown>, onFailure: (error: unknown) => void): Promise<"ok" | "failed"> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`No answer within ${CHECK_TIMEOUT_MS} ms.`)), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([check(), timeout]);
    return "ok";
  } catch (error) {
    onFailure(error);
    return "failed";
  } finally {
    clearTimeout(timer);
  }
}

/**
 * GET /healthz (liveness): `{"status":"ok"}` when the database answers and its migrations have run (the
 * server migrates before it listens, so a reachable server has a migrated database), with the process that
 * answered. GET /readyz (readiness): 200 when the database and Redis (when configured) answer now, else 503
 * naming the one that failed: a load balancer stops sending requests to the process until it is ready again.
 */
export function registerHealth(
  app: FastifyInstance,
  database: Database,
  pingRedis: (() => Promise<void>) | null,
): void {
  app.get(
    "/healthz",
    {
      schema: {
        tags: ["System"],
        summary: "Whether this process can serve: the database answers and is migrated.",
        response: { 200: Health, 503: ErrorBody },
      },
    },
    async (request, reply) => {
      try {
        await sql`select 1 from "kysely_migration" limit 1`.execute(database.db);
        return { status: "ok" as const, process: servingProcess() };
      } catch (error) {
        request.log.warn({ err: error }, "health check failed");
        reply.code(503);
        return { message: "The database is not available.", status: 503, description: null };
      }
    },
  );

  app.get(
    "/readyz",
    {
      schema: {
        tags: ["System"],
        summary: "Whether this process is ready for traffic: the database and Redis (when configured) answer.",
        response: { 200: Readiness, 503: Readiness },
      },
    },
    async (request, reply) => {
      const [databaseCheck, redisCheck] = await Promise.all([
        probe(
          () => sql`select 1`.execute(database.db),
          (error) => request.log.warn({ err: error }, "readiness: the database did not answer"),
        ),
        pingRedis
          ? probe(pingRedis, (error) => request.log.warn({ err: error }, "readiness: Redis did not answer PING"))
          : ("off" as const),
      ]);
      const ready = databaseCheck === "ok" && redisCheck !== "failed";
      reply.code(ready ? 200 : 503).header("cache-control", "no-store");
      return {
        status: ready ? ("ok" as const) : ("unavailable" as const),
        checks: { database: databaseCheck, redis: redisCheck },
        process: servingProcess(),
      };
    },
  );
}
