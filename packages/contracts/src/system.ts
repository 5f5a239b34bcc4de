import { Type } from "typebox";

/** Which process answered: its pid and, under node:cluster, its worker's id (null when not a cluster worker). */
export const ServingProcess = Type.Object({
  pid: Type.Integer({ minimum: 1 }),
  worker: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
});

/** `GET /healthz` (liveness): the process serves and its database is migrated. */
export const Health = Type.Object({ status: Type.Literal("ok"), process: ServingProcess });

/** One dependency's state in `GET /readyz`: `off` when it is not configured (Redis without `REDIS_URL`). */
const ReadinessCheck = Type.Union([Type.Literal("ok"), Type.Literal("failed"), Type.Literal("off")]);

/** `GET /readyz` (readiness), with 200 and with 503: what each dependency answered. */
export const Readiness = Type.Object({
  status: Type.Union([Type.Literal("ok"), Type.Literal("unavailable")]),
  checks: Type.Object({ database: ReadinessCheck, redis: ReadinessCheck }),
  process: ServingProcess,
});
