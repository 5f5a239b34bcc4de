import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { ErrorBody, Health } from "@parley/contracts";
import type { Database } from "../db/database.ts";

/**
 * GET /healthz: `{"status":"ok"}` when the database answers and its migrations have run (the
 * server migrates before it listens, so a reachable server has a migrated database).
 */
export function registerHealth(app: FastifyInstance, database: Database): void {
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
        return { status: "ok" as const };
      } catch (error) {
        request.log.warn({ err: error }, "health check failed");
        reply.code(503);
        return { message: "The database is not available.", status: 503, description: null };
      }
    },
  );
}
