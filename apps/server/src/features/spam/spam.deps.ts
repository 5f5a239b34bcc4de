/** What the spam feature uses from other features: only through their public index. */
export { banAutomatically, systemUserID } from "../users/index.ts";
export type { ReportsService } from "../reports/index.ts";
export { createRedisLiveBus } from "../notifications/index.ts";
