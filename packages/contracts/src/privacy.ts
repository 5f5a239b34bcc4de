import { Type, type Static } from "typebox";
import { DateTime, Nullable } from "./common.ts";

export * from "./privacy-constants.ts";

/**
 * `POST /users/me/export`, `GET /users/me/exports` (Parley's): a "Download my data" request and its state.
 * `downloadUrl` (absolute) only once ready and until `dateExpires`.
 */
export const UserExport = Type.Object({
  exportID: Type.Integer(),
  status: Type.Union([Type.Literal("pending"), Type.Literal("running"), Type.Literal("ready"), Type.Literal("failed")]),
  size: Type.Integer({ description: "The archive's size in bytes (0 until ready)." }),
  dateInserted: DateTime,
  dateCompleted: Nullable(DateTime),
  dateExpires: Nullable(DateTime),
  downloadUrl: Nullable(Type.String()),
});
export type UserExport = Static<typeof UserExport>;

export const UserExportParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });
export type UserExportParams = Static<typeof UserExportParams>;

/** `POST /users/me/delete` (Parley's): one's own account, confirmed with the current password. */
export const SelfDeleteBody = Type.Object({
  password: Type.String({ minLength: 1, maxLength: 100, description: "The member's current password." }),
});
export type SelfDeleteBody = Static<typeof SelfDeleteBody>;

/**
 * `deleted`: gone at once (the site's grace period is 0); `scheduled`: deactivated, deleted at
 * `dateDeleteScheduled` unless an administrator cancels.
 */
export const SelfDeleteResult = Type.Object({
  status: Type.Union([Type.Literal("deleted"), Type.Literal("scheduled")]),
  dateDeleteScheduled: Nullable(DateTime),
});
export type SelfDeleteResult = Static<typeof SelfDeleteResult>;
